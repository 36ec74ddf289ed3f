import { resources } from '@tracker/shared/i18n';
import type { Locale } from '@tracker/shared/locales';

type BotKey = keyof (typeof resources)['ru']['bot'];

/** The user's language from Telegram's language_code: English for `en*`, Russian otherwise. */
export function localeOf(languageCode: string | undefined): Locale {
  return languageCode?.toLowerCase().startsWith('en') ? 'en' : 'ru';
}

export function t(locale: Locale, key: BotKey, vars: Record<string, string> = {}): string {
  const text: string = resources[locale].bot[key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
