// Server-side texts (mails, SMS, error messages) from the shared locale files, in the reader's language.
import { resources } from '@tracker/shared/i18n';
import { createTranslator, type TextValues } from '@tracker/shared/i18n/translator';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@tracker/shared/locales';
import type { Context } from 'koa';

const translator = createTranslator();
// The account, webhook and project texts are lazy namespaces for the web app; the server loads them once at start.
await translator.load(['account', 'webhooks', 'projects']);

export const PRODUCT_NAME: Record<Locale, string> = { ru: resources.ru.titles.home, en: resources.en.titles.home };

/**
 * `key` is `namespace.path.to.text`; `{{name}}` placeholders are filled from `values` (and
 * `{{product}}` with the product's name); a numeric `count` picks the plural form.
 */
export function translate(locale: Locale, key: string, values: TextValues = {}): string {
  return translator.text(locale, key, { product: PRODUCT_NAME[locale], ...values });
}

/** The same text for an HTML part: the values are escaped, once. */
export function translateHtml(locale: Locale, key: string, values: TextValues = {}): string {
  return translator.html(locale, key, { product: PRODUCT_NAME[locale], ...values });
}

/**
 * The language of an answer to this request: the page's language sent as Accept-Language by the
 * web app, else the signed-in user's, else Russian (spec §9 default).
 */
export function requestLocale(ctx: Context, userLocale?: string | null): Locale {
  const first = (ctx.get('accept-language') || '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  if (isLocale(first)) return first;
  return isLocale(userLocale) ? userLocale : DEFAULT_LOCALE;
}
