// Per-field messages for the issue form, from zod (client) and from the server's `data.issues`.
// Paths are joined with dots, so `['customValues', '12']` lands under the input of field 12.
import { ApiError } from '../../../lib/http.ts';

export type FieldErrors = Record<string, string>;

export interface FormErrors {
  fields: FieldErrors;
  /** An i18n key, or text to show as is when `raw`. */
  form: { key: string; raw: boolean } | null;
}

export const pathKey = (path: readonly PropertyKey[]) => path.map((p) => String(p)).join('.');

export function fieldErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    // A whole-object customValues issue has no field id; the first field key wins.
    const key = pathKey(issue.path.slice(0, issue.path[0] === 'customValues' ? 2 : 1));
    if (key && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Server errors: field issues, a field-tied code (`data.field`), a coded message, or the status text. */
export function formErrorsFrom(err: unknown): FormErrors {
  if (!(err instanceof ApiError)) return { fields: {}, form: { key: 'errors.network', raw: false } };
  const { data } = err;
  const fields = fieldErrorsFrom(data.issues ?? []);
  const codeKey = data.code ? `errors.codes.${data.code}` : null;
  if (data.field && codeKey && !data.issues?.length) return { fields: { [data.field]: codeKey }, form: null };
  if (Object.keys(fields).length > 0) return { fields, form: null };
  if (codeKey) return { fields, form: { key: codeKey, raw: false } };
  const text = data.statusMessage || err.statusMessage;
  return { fields, form: text ? { key: text, raw: true } : { key: 'errors.network', raw: false } };
}

/** One line for a failed inline edit (toasts, alerts): the server's words, translated when coded. */
export function errorMessage(err: unknown, t: (key: string) => string, exists: (key: string) => boolean): string {
  if (!(err instanceof ApiError)) return t('errors.network');
  const issue = err.data.issues?.[0];
  if (issue && exists(issue.message)) return t(issue.message);
  const codeKey = err.data.code ? `errors.codes.${err.data.code}` : '';
  if (codeKey && exists(codeKey)) return t(codeKey);
  return err.statusMessage || t('errors.network');
}

/** The server's words about one field (its own message, raw or coded), else the one line above. */
export function fieldRefusal(err: unknown, field: string, t: (key: string) => string, exists: (key: string) => boolean): string {
  const own = formErrorsFrom(err).fields[field];
  if (own) return exists(own) ? t(own) : own;
  return errorMessage(err, t, exists);
}
