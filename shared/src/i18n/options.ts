// i18next settings every reader shares: the web app, the bot and the server (mail, SMS, errors).
import type { InitOptions } from 'i18next';
import { DEFAULT_LOCALE, LOCALES } from '../locales.ts';

export const I18N_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  // Keys like `validation.email` carry their namespace before the first dot.
  nsSeparator: '.',
  keySeparator: '.',
  initAsync: false,
  returnNull: false,
} satisfies InitOptions;
