// Locale resources shared by the web app, the bot and e-mails. Add a namespace here in both languages.
import enAuth from './en/auth.json' with { type: 'json' };
import enBot from './en/bot.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enEvents from './en/events.json' with { type: 'json' };
import enHome from './en/home.json' with { type: 'json' };
import enPrivacy from './en/privacy.json' with { type: 'json' };
import enTelegram from './en/telegram.json' with { type: 'json' };
import enTitles from './en/titles.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import ruAuth from './ru/auth.json' with { type: 'json' };
import ruBot from './ru/bot.json' with { type: 'json' };
import ruCommon from './ru/common.json' with { type: 'json' };
import ruErrors from './ru/errors.json' with { type: 'json' };
import ruEvents from './ru/events.json' with { type: 'json' };
import ruHome from './ru/home.json' with { type: 'json' };
import ruPrivacy from './ru/privacy.json' with { type: 'json' };
import ruTelegram from './ru/telegram.json' with { type: 'json' };
import ruTitles from './ru/titles.json' with { type: 'json' };
import ruValidation from './ru/validation.json' with { type: 'json' };

export const resources = {
  ru: { titles: ruTitles, validation: ruValidation, errors: ruErrors, common: ruCommon, auth: ruAuth, home: ruHome, privacy: ruPrivacy, bot: ruBot, telegram: ruTelegram, events: ruEvents },
  en: { titles: enTitles, validation: enValidation, errors: enErrors, common: enCommon, auth: enAuth, home: enHome, privacy: enPrivacy, bot: enBot, telegram: enTelegram, events: enEvents },
} as const;

/**
 * The eager resources for one i18next instance: its own language maps, since loading a lazy
 * namespace adds it to the map it was given, and the index is shared by every instance.
 */
export const instanceResources = () => ({ ru: { ...resources.ru }, en: { ...resources.en } });

export type Namespace = keyof (typeof resources)['ru'];
export const NAMESPACES = Object.keys(resources.ru) as Namespace[];
