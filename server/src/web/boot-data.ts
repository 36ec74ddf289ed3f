// Issue 14: every app page carries its boot data (session user, public config, redirect decision)
// as inline JSON, so the web app renders its first screen without a round trip.
import { randomBytes } from 'node:crypto';
import { BOOT_DATA_ID, type BootData } from '@tracker/shared/api/boot';

/** Where index.html takes the boot data. */
export const BOOT_PLACEHOLDER = '<!--app-boot-->';

/**
 * JSON that cannot end or comment out its <script> element: `<`, `>` and `&` are written as \u
 * escapes (so no `</script>` or `<!--`), and so are U+2028/U+2029, which JavaScript before ES2019
 * reads as line ends. JSON.parse reads all of them back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A fresh CSP nonce per response (128 bits, as CSP recommends). */
export const newNonce = () => randomBytes(16).toString('base64');

/** A data block, not a script: the nonce makes it allowed by the page's CSP all the same. */
export function bootScript(data: BootData, nonce: string): string {
  return `<script type="application/json" id="${BOOT_DATA_ID}" nonce="${nonce}">${scriptSafeJson(data)}</script>`;
}
