// Texts outside the web app (bot, mail, SMS, API errors) through i18next, so they get the same
// resources, fallback and plural rules as the web app instead of a hand-written interpolator.
import i18next from 'i18next';
import { escapeHtml } from '../html.ts';
import type { Locale } from '../locales.ts';
import { instanceResources, resources } from './index.ts';
import { lazyResources, type LazyNamespace } from './lazy.ts';
import { I18N_OPTIONS } from './options.ts';

export type TextValues = Record<string, string | number>;
/** A text in one language: `key` is `namespace.path.to.text`; a numeric `count` picks the plural form. */
export type TextFn = (key: string, values?: TextValues) => string;

export interface Translator {
  /** Plain text: values go in as they are (plain-text mail, SMS, Telegram messages without parse_mode). */
  text(locale: Locale, key: string, values?: TextValues): string;
  /** For HTML (Telegram parse_mode HTML, mail): values are escaped once, the resource text is trusted. */
  html(locale: Locale, key: string, values?: TextValues): string;
  /** Adds lazy namespaces (both languages); the web app fetches them per feature, servers once at start. */
  load(names: readonly LazyNamespace[]): Promise<void>;
}

export function createTranslator(): Translator {
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    resources: instanceResources(),
    lng: I18N_OPTIONS.fallbackLng,
    ns: Object.keys(resources.ru),
    // Escaping is chosen per call (html), so a value is escaped exactly once, where markup is built.
    interpolation: { escapeValue: false, escape: escapeHtml },
    // A value left out reads as nothing rather than as `{{name}}`.
    missingInterpolationHandler: () => '',
    // A missing text shows its whole key (namespace included), which names what to translate.
    appendNamespaceToMissingKey: true,
  });
  const translate = (locale: Locale, key: string, values: TextValues, escapeValue: boolean) =>
    String(instance.t(key, { ...values, lng: locale, interpolation: { escapeValue } }));
  return {
    text: (locale, key, values = {}) => translate(locale, key, values, false),
    html: (locale, key, values = {}) => translate(locale, key, values, true),
    async load(names) {
      for (const ns of names) {
        const [ru, en] = await Promise.all([lazyResources[ns].ru(), lazyResources[ns].en()]);
        instance.addResourceBundle('ru', ns, ru.default, true, true);
        instance.addResourceBundle('en', ns, en.default, true, true);
      }
    },
  };
}
