// Error → text, once for the web app: what a failed call says to the user (issue 27). Forms put the
// same words under their fields through lib/form-errors.ts. Only lib/ reads an ApiError's insides
// (lint: no `instanceof ApiError` or `.statusMessage` elsewhere).
import { LOCALES } from '@tracker/shared/locales';
import { ApiError } from './http.ts';

/** A refusal's status and data, for screens that branch on them (a 404 page); the one import of screens. */
export { refusalOf } from './http.ts';

/** i18next's `t`, as far as the mapping uses it (tests pass a stand-in). */
export type Translate = (key: string, options: { defaultValue?: string; lng?: string }) => string;

export interface ErrorTextOptions {
  /** A screen's own wording of codes it knows better, code → i18n key (`{ unavailable: 'telegram.notConfigured' }`). */
  codes?: Readonly<Partial<Record<string, string>>>;
  /** The i18n key of what the screen calls the failure when the server said nothing (offline, a timeout, no answer of ours). */
  fallback?: string;
}

/** The text of `key`, or '' when the locale has none. */
const known = (t: Translate, key: string) => t(key, { defaultValue: '' });

const KEY_LIKE = /^[\w-]+(\.[\w-]+)+$/;

/**
 * The text of an issue's message: the server sends i18n keys (`validation.tooLong`); one the app does
 * not know says "invalid value", and plain words (another server's, a test's) are shown as they are.
 */
export function issueText(message: string, t: Translate): string {
  return known(t, message) || (KEY_LIKE.test(message) ? t('validation.invalid', {}) : message);
}

const isTimeout = (err: unknown) => (err as { name?: unknown } | null)?.name === 'TimeoutError';
// fetch rejects with a TypeError when no answer comes: "Failed to fetch", "NetworkError…", "Load failed".
const isOffline = (err: unknown) => globalThis.navigator?.onLine === false || (err instanceof TypeError && /fetch|network|load failed/i.test(err.message));

/**
 * What a failed call says, in the page's language:
 * 1. the screen's wording of the refusal's code (`options.codes`);
 * 2. the first field issue the locale words (more precise than "check the data you entered");
 * 3. the server's words: it answers in the reader's language from the same resources, and names what
 *    the code cannot (which thing is missing, how long to wait, what is wrong with a file) — unless
 *    they are only its code's own text in some language (a route's English text): then
 * 4. the code's text in the page's language;
 * 5. else the screen's fallback, or what the failure is: a timeout, no connection, the server away.
 */
export function errorText(err: unknown, t: Translate, { codes, fallback }: ErrorTextOptions = {}): string {
  const generic = (key: string) => t(fallback ?? key, {});
  if (!(err instanceof ApiError)) return generic(isTimeout(err) ? 'errors.timeout' : isOffline(err) ? 'errors.network' : 'errors.unexpected');
  const { code, issues = [], statusMessage: said } = err.data;
  const own = code ? codes?.[code] : undefined;
  if (own) return t(own, {});
  const issue = issues.map((i) => known(t, i.message)).find(Boolean);
  if (issue) return issue;
  const codeKey = `errors.codes.${code}`;
  const coded = code ? known(t, codeKey) : '';
  if (said && !(coded && LOCALES.some((lng) => t(codeKey, { lng }) === said))) return said;
  // An answer without our body (a proxy's 502 while the app restarts) says only its status.
  return coded || generic(err.status >= 500 ? 'errors.codes.unavailable' : 'errors.unexpected');
}
