// Locale resources shared by the web app, the bot and e-mails. Add a namespace here in both languages.
import enErrors from './en/errors.json' with { type: 'json' };
import enTitles from './en/titles.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import ruErrors from './ru/errors.json' with { type: 'json' };
import ruTitles from './ru/titles.json' with { type: 'json' };
import ruValidation from './ru/validation.json' with { type: 'json' };

export const resources = {
  ru: { titles: ruTitles, validation: ruValidation, errors: ruErrors },
  en: { titles: enTitles, validation: enValidation, errors: enErrors },
} as const;

export type Namespace = keyof (typeof resources)['ru'];
export const NAMESPACES = Object.keys(resources.ru) as Namespace[];
