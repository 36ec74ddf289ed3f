import { ApiError } from '../../../lib/http.ts';

/** The server's message for a failed call: a translated error code, a field issue, or its status text. */
export function errorText(t: (k: string) => string, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.data.code;
    if (code && t(`errors.codes.${code}`) !== `errors.codes.${code}`) return t(`errors.codes.${code}`);
    const issue = error.data.issues?.[0];
    if (issue) return t(issue.message);
    return error.statusMessage || String(error.status);
  }
  return t('issues.list.loadFailed');
}
