// The web app's first-render texts in Russian: one language per chunk, the other loads when the
// language is switched (lib/i18n.ts). Pages' own texts are lazy namespaces (lazy.ts).
import auth from './ru/auth.json' with { type: 'json' };
import common from './ru/common.json' with { type: 'json' };
import events from './ru/events.json' with { type: 'json' };
import telegram from './ru/telegram.json' with { type: 'json' };
import titles from './ru/titles.json' with { type: 'json' };
import type { WebTexts } from './web.ts';

export default { titles, common, auth, events, telegram } satisfies WebTexts;
