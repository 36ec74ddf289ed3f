// Spec §9: ru (ru-RU, default, no prefix) and en (en-US, /en).
export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';
export const LOCALE_TAGS: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Telegram languages whose speakers read Russian; every other `language_code` gets English (issue 12). */
const RUSSIAN_READERS = ['ru', 'uk', 'be', 'kk'];

/** The UI language for a Telegram `language_code` (`en`, `ru`, `uk`, `pt-br`…) when the account has none saved. */
export function localeOfLanguageCode(code: string | null | undefined): Locale {
  const language = code?.toLowerCase().split(/[-_]/)[0];
  return language && !RUSSIAN_READERS.includes(language) ? 'en' : language ? 'ru' : DEFAULT_LOCALE;
}
