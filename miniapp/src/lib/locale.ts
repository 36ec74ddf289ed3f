// Locale of a page comes from its path (ru unprefixed, en under /en); the choice is remembered in a
// cookie for a year (spec §9) so the home page can send a returning English reader to /en.
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, isLocale, type Locale } from '@tracker/shared/locales';
import { localizePath, splitLocale } from '@tracker/shared/routes';
import { readCookie, writeCookie } from './cookies.ts';

/** The same page (path and query) in another language. */
export function switchLocalePath(pathname: string, search: string, target: Locale): string {
  const { barePath } = splitLocale(pathname);
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return localizePath(barePath, target) + query;
}

export function rememberLocale(locale: Locale) {
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
}

export function rememberedLocale(cookies?: string): Locale | null {
  const value = readCookie(LOCALE_COOKIE, cookies);
  return isLocale(value) ? value : null;
}

/** Only the unprefixed home page redirects to /en, and only for a remembered English choice. */
export function homeLocaleRedirect(pathname: string, remembered: Locale | null): string | null {
  return pathname === '/' && remembered === 'en' ? localizePath('/', 'en') : null;
}

/**
 * Inside Telegram, the same page in the signed-in account's language (with its query), when the
 * address says another: the first render is already in the account's language.
 */
export function accountLocalePath(user: { locale: Locale } | null, loc: { pathname: string; search: string } = window.location): string | null {
  if (!user) return null;
  const target = switchLocalePath(loc.pathname, loc.search, user.locale);
  return target === loc.pathname + loc.search ? null : target;
}
