// Apart from the boot data's schema (api/boot.ts): the web app's entry needs only this name, and
// importing the schema module would put zod and the response schemas into every first load.

/** The id of the inline `<script type="application/json">` every app page carries (issue 14). */
export const BOOT_DATA_ID = 'app-boot';
