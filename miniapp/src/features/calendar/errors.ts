import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/http.ts';

/** The server's reason in words: a field message, a translated error code, or its status message. */
export function errorText(err: unknown, t: TFunction, exists: (key: string) => boolean): string {
  if (!(err instanceof ApiError)) return t('errors.network');
  const issue = err.data.issues?.[0];
  if (issue && exists(issue.message)) return t(issue.message);
  const code = err.data.code ? `errors.codes.${err.data.code}` : null;
  if (code && exists(code) && err.data.code !== 'validation') return t(code);
  return err.data.statusMessage || err.statusMessage || (code && exists(code) ? t(code) : t('errors.network'));
}
