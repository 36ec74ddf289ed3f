// `npm run telegram:mock-url -- [--id N] [--username NAME] [--lang ru|en] [--start issue_12] [--port 5173] [--url URL]`:
// prints an address of the running development app (`npm run dev`) that a normal browser opens as
// if Telegram had launched the mini app, with init data signed by TELEGRAM_BOT_TOKEN. Only a
// development build imitates Telegram from such an address.
import { parseArgs } from 'node:util';
import { telegramMockUrl } from '../server/src/modules/telegram-auth/mock-url.ts';

const { values } = parseArgs({
  options: {
    id: { type: 'string', default: '100000001' },
    username: { type: 'string' },
    'first-name': { type: 'string', default: 'Test' },
    'last-name': { type: 'string' },
    lang: { type: 'string', default: 'ru' },
    start: { type: 'string' },
    port: { type: 'string' },
    url: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`telegram:mock-url: ${message}`);
  process.exit(1);
}

const botToken = process.env.TELEGRAM_BOT_TOKEN;
if (!botToken) fail('TELEGRAM_BOT_TOKEN is not set: use the token the running server was started with (the signature is checked with it).');
if (!/^\d+:[\w-]+$/.test(botToken)) fail('TELEGRAM_BOT_TOKEN must look like 123456:ABC-DEF.');
const id = Number(values.id);
if (!Number.isSafeInteger(id) || id <= 0) fail('--id must be a positive integer.');
if (values.start && !/^[\w-]{1,64}$/.test(values.start)) fail('--start must be 1–64 characters of A–Z, a–z, 0–9, _ and - (e.g. issue_12).');

// `npm run dev` serves the app on Vite's port; PUBLIC_URL is what dev.ts gives the server too.
const baseUrl = values.url ?? (values.port ? `http://localhost:${values.port}` : (process.env.PUBLIC_URL ?? 'http://localhost:5173'));

console.log(
  telegramMockUrl({
    baseUrl,
    botToken,
    startParam: values.start,
    user: { id, first_name: values['first-name']!, last_name: values['last-name'], username: values.username, language_code: values.lang },
  }),
);
