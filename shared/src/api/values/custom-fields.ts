// The custom fields values, without zod: the web app's start reads them (issue 27, the light start);
// ../custom-fields.ts builds its schemas on them and exports them too.
export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'checkbox', 'url', 'user', 'select', 'multiselect'] as const;
