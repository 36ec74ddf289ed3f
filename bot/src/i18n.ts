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

export const translator = createTranslator();

/** A bot text for a message sent without parse_mode: values go in as they are. */
export const t = (locale: Locale, key: BotKey, values?: TextValues): string => translator.text(locale, `bot.${key}`, values);
