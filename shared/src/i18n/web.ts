// What the web app loads before its first render: the eager namespaces in the page's language only
// (issue 27, the light start: both languages and the bot's texts were a fifth of the first load).
// The server and the bot keep every text eager through index.ts.
import type { Locale } from '../locales.ts';

export const WEB_EAGER_NAMESPACES = ['titles', 'common', 'auth', 'events', 'telegram'] as const;
/**
 * What a failure says (`errors`, `validation`): loaded right after the first render and awaited
 * before any failed call is reported (lib/http.ts), so no refusal is shown before its words.
 */
export const WEB_FAILURE_NAMESPACES = ['errors', 'validation'] as const;
export type WebTexts = Record<(typeof WEB_EAGER_NAMESPACES)[number], Record<string, unknown>>;

export const webTexts: Record<Locale, () => Promise<{ default: WebTexts }>> = {
  ru: () => import('./web-ru.ts'),
  en: () => import('./web-en.ts'),
};
