import { resources } from '@tracker/shared/i18n/index';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@tracker/shared/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export function createI18n(locale: Locale) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources.ru),
    defaultNS: 'common',
    // Keys like `validation.email` carry their namespace before the first dot.
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
