import { resources } from '@tracker/shared/i18n';
import { localeOfLanguageCode, type Locale } from '@tracker/shared/locales';
import { createTranslator, type TextValues } from '@tracker/shared/i18n/translator';

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];
type Plural = 'one' | 'few' | 'many' | 'other';
type Base<K> = K extends `${infer B}_${Plural}` ? B : K;
/** A key in the `bot` namespace; plural texts go by their base key and a numeric `count`. */
export type BotKey = Base<Paths<(typeof resources)['ru']['bot']>>;

/** The user's language from Telegram's language_code (one rule for bot, server and mini app). */
export const localeOf = (languageCode: string | undefined): Locale => localeOfLanguageCode(languageCode);

/** What is known of the languages around an update, each null when unknown. */
export interface LocaleChoices {
  /** The group's own language (`/lang` there, or the one its links post in); null in a private chat. */
  group: Locale | null;
  account: Locale | null;
  /** Chosen with `/lang` by someone with no account. */
  chat: Locale | null;
  languageCode: string | undefined;
}

/**
 * The one rule for the language the bot speaks: a group is answered in its own language whoever
 * writes, a private chat in the account's, else the one chosen there, else Telegram's.
 */
export const negotiateLocale = (c: LocaleChoices): Locale => c.group ?? c.account ?? c.chat ?? localeOf(c.languageCode);

export const translator = createTranslator();

/** A bot text for a message sent without parse_mode: values go in as they are. */
export const t = (locale: Locale, key: BotKey, values?: TextValues): string => translator.text(locale, `bot.${key}`, values);
