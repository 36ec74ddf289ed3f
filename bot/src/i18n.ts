import { resources } from '@tracker/shared/i18n';
import { localeOfLanguageCode, type Locale } from '@tracker/shared/locales';

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type BotKey = Paths<(typeof resources)['ru']['bot']>;

/** The user's language from Telegram's language_code (one rule for bot, server and mini app). */
export const localeOf = (languageCode: string | undefined): Locale => localeOfLanguageCode(languageCode);

export function t(locale: Locale, key: BotKey, vars: Record<string, string> = {}): string {
  let node: unknown = resources[locale].bot;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
