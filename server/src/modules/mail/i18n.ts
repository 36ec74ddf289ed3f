// Server-side texts (mails, SMS, error messages) from the shared locale files, in the reader's language.
import { resources } from '@tracker/shared/i18n';
import { lazyResources } from '@tracker/shared/i18n/lazy';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@tracker/shared/locales';
import type { Context } from 'koa';

type Tree = { [key: string]: string | Tree };
// The account texts are a lazy namespace for the web app; the server loads them once at start.
const [ruAccount, enAccount] = await Promise.all([lazyResources.account.ru(), lazyResources.account.en()]);
const trees: Record<Locale, Tree> = {
  ru: { ...(resources.ru as unknown as Tree), account: ruAccount.default as Tree },
  en: { ...(resources.en as unknown as Tree), account: enAccount.default as Tree },
};

export const PRODUCT_NAME: Record<Locale, string> = { ru: resources.ru.titles.home, en: resources.en.titles.home };

const lookup = (locale: Locale, key: string) => {
  let node: string | Tree | undefined = trees[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
};

/**
 * `key` is `namespace.path.to.text`; `{{name}}` placeholders are filled from `vars`. A numeric
 * `count` picks the plural form `key_one|few|many|other` (as i18next does) when there is one.
 */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  let node = lookup(locale, key);
  if (node === undefined && typeof vars.count === 'number') node = lookup(locale, `${key}_${new Intl.PluralRules(locale).select(vars.count)}`);
  if (typeof node !== 'string') {
    if (locale !== DEFAULT_LOCALE) return translate(DEFAULT_LOCALE, key, vars);
    return key;
  }
  const all: Record<string, string | number> = { product: PRODUCT_NAME[locale], ...vars };
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(all[name] ?? ''));
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
