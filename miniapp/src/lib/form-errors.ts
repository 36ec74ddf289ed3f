// Turns zod issues (client-side) and API error bodies (server-side) into what the forms show:
// one message key per field and one message for the whole form.
import { ApiError } from './http.ts';

export type FieldErrors = Record<string, string>;

export function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const first = issue.path[0];
    const field = typeof first === 'string' || typeof first === 'number' ? String(first) : '';
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

export interface FormErrorState {
  fields: FieldErrors;
  /** An i18n key, or text to show as is when `raw` is true. */
  form: { key: string; raw: boolean } | null;
}

export function formErrorsFrom(err: unknown, fieldNames: readonly string[]): FormErrorState {
  if (!(err instanceof ApiError)) return { fields: {}, form: { key: 'errors.network', raw: false } };
  const { data } = err;
  const fields = fieldErrorsFrom((data.issues ?? []).filter((i) => fieldNames.includes(String(i.path[0]))));
  const codeKey = data.code ? `errors.codes.${data.code}` : null;
  // A code tied to one field (409 email_taken with data.field) belongs under that field.
  if (data.field && fieldNames.includes(data.field) && codeKey) return { fields: { ...fields, [data.field]: codeKey }, form: null };
  if (Object.keys(fields).length > 0) return { fields, form: null };
  if (codeKey) return { fields, form: { key: codeKey, raw: false } };
  return { fields, form: { key: data.statusMessage || err.statusMessage || 'auth.unexpected', raw: !!(data.statusMessage || err.statusMessage) } };
}
