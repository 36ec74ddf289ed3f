import { ApiError } from '../../../lib/http.ts';

/**
 * What a failed load or action says on the page: the translated error code, else the server's
 * words. A refusal naming fields has no field here to show them, so only its code counts.
 */
export function errorMessage(err: unknown, t: (key: string) => string): string {
  if (!(err instanceof ApiError)) return t('errors.network');
  const { code, issues } = err.data;
  if (issues?.some((issue) => issue.path.length)) return code && code !== 'validation' ? t(`errors.codes.${code}`) : t('errors.network');
  if (code) return t(`errors.codes.${code}`);
  return err.data.statusMessage || err.statusMessage || t('errors.network');
}
