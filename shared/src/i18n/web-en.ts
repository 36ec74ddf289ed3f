// The web app's first-render texts in English: one language per chunk, the other loads when the
// language is switched (lib/i18n.ts). Pages' own texts are lazy namespaces (lazy.ts).
import auth from './en/auth.json' with { type: 'json' };
import common from './en/common.json' with { type: 'json' };
import events from './en/events.json' with { type: 'json' };
import telegram from './en/telegram.json' with { type: 'json' };
import titles from './en/titles.json' with { type: 'json' };
import type { WebTexts } from './web.ts';

export default { titles, common, auth, events, telegram } satisfies WebTexts;
