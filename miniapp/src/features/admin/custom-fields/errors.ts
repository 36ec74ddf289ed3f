import { ApiError } from '../../../lib/http.ts';
import { errorsByPath } from './form.ts';

export interface ServerErrors {
  /** Message keys by dotted path (`name.ru`, `options.2.name`). */
  fields: Record<string, string>;
  /** An i18n key, or text shown as is when `raw`. */
  form: { key: string; raw: boolean } | null;
}

export function serverErrors(err: unknown): ServerErrors {
  if (!(err instanceof ApiError)) return { fields: {}, form: { key: 'errors.network', raw: false } };
  const fields = errorsByPath(err.data.issues ?? []);
  const code = err.data.code;
  if (Object.keys(fields).length) return { fields, form: code && code !== 'validation' ? { key: `errors.codes.${code}`, raw: false } : null };
  if (code) return { fields, form: { key: `errors.codes.${code}`, raw: false } };
  return { fields, form: { key: err.data.statusMessage || err.statusMessage || 'errors.network', raw: !!(err.data.statusMessage || err.statusMessage) } };
}
