// A test server with the bot in webhook mode against the validating Bot API peer, and the updates a
// Telegram user sends (for tests of delivery; bot.test.ts and bot-groups.test.ts came before it).
import { expect } from 'vitest';
import { WEBHOOK_PATH } from '../modules/telegram/bot-runner.ts';
import { FakeBotApi, type BotApiCall } from './fake-bot-api.ts';
import { createTestServer, type TestServer } from './harness.ts';
import { waitUntil } from './wait-until.ts';

export interface TgUser {
  id: number;
  first_name: string;
  language_code: 'ru' | 'en';
}

export async function createBotServer(env: Record<string, string> = {}) {
  const api = await new FakeBotApi().start();
  const t = await createTestServer({ TELEGRAM_BOT_TOKEN: '123456:test-token', TELEGRAM_MODE: 'webhook', PUBLIC_URL: 'https://tracker.test', TELEGRAM_API_ROOT: api.url, ...env });
  await t.app.services.telegram.start();
  const secret = api.of('setWebhook')[0]!.payload.secret_token as string;
  let updateId = 1;
  const date = () => Math.floor(Date.now() / 1000);

  /** A message from `from` in `chat` (private by default); commands carry their entity. */
  const message = (from: TgUser, text: string, chat: object = { id: from.id, type: 'private', first_name: from.first_name }, extra: object = {}) => ({
    update_id: updateId++,
    message: { message_id: updateId, date: date(), chat, from: { ...from, is_bot: false }, text, ...(text.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] } : {}), ...extra },
  });
  const press = (from: TgUser, data: string, chat: object = { id: from.id, type: 'private' }, messageId = 1) => ({
    update_id: updateId++,
    callback_query: { id: `cq${updateId}`, from: { ...from, is_bot: false }, chat_instance: 'ci', data, message: { message_id: messageId, date: date(), chat, text: 'x' } },
  });

  /** Delivers an update to the webhook; returns the Bot API calls made while handling it. */
  async function exchange(update: unknown): Promise<BotApiCall[]> {
    api.observe(update);
    const before = api.calls.length;
    const res = await fetch(t.url + WEBHOOK_PATH, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret }, body: JSON.stringify(update) });
    expect(res.status).toBe(200);
    return api.calls.slice(before);
  }

  const settled = () => jobsSettled(t);

  /** Messages the peer accepted into `chatId`, oldest first. */
  const sentTo = (chatId: number) => api.calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId && !c.refused);

  return {
    t,
    api,
    message,
    press,
    exchange,
    settled,
    sentTo,
    async close() {
      await t.close();
      await api.close();
    },
  };
}

/** Waits until the job queue has nothing left that is due now (notifications made and sent). */
export const jobsSettled = (t: TestServer) =>
  waitUntil('no due job left', async () => (await t.sql<{ n: number }>('select count(*)::int as n from graphile_worker.jobs where run_at <= now()'))[0]!.n === 0);

export type BotServer = Awaited<ReturnType<typeof createBotServer>>;
