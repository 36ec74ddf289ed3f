// The bot end to end over HTTP: grammY talks to a local Bot API peer that speaks Telegram's JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from './bot.ts';

interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
}

let server: Server;
let apiRoot: string;
const calls: ApiCall[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const method = req.url!.split('/').pop()!;
      calls.push({ method, payload: body ? JSON.parse(body) : {} });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, result: { message_id: calls.length, date: 0, chat: { id: 1, type: 'private' } } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const botInfo = { id: 42, is_bot: true as const, first_name: 'Tracker', username: 'tracker_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false, allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false };
const message = (text: string, language_code: string) => ({
  update_id: Math.floor(Math.random() * 1e9),
  message: { message_id: 1, date: 0, chat: { id: 7, type: 'private' as const, first_name: 'Ivan' }, from: { id: 7, is_bot: false, first_name: 'Ivan', language_code }, text, entities: [{ type: 'bot_command' as const, offset: 0, length: text.split(' ')[0]!.length }] },
});

describe('bot /start and /help', () => {
  it('greets in Russian with a button that opens the mini app', async () => {
    const bot = createBot({ token: '1:test', publicUrl: 'https://tracker.example', apiRoot, botInfo, logger: { error: () => {} } });
    calls.length = 0;
    await bot.handleUpdate(message('/start', 'ru'));
    const sent = calls.filter((c) => c.method === 'sendMessage');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.payload.chat_id).toBe(7);
    expect(sent[0]!.payload.text).toContain('Привет, Ivan!');
    expect(sent[0]!.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Открыть Трекер', web_app: { url: 'https://tracker.example/' } }]] });
    // The chat's own menu button, in the person's language (Telegram has no per-language default).
    expect(calls.filter((c) => c.method === 'setChatMenuButton').map((c) => c.payload)).toEqual([
      { chat_id: 7, menu_button: { type: 'web_app', text: 'Открыть Трекер', web_app: { url: 'https://tracker.example/' } } },
    ]);
  });

  it('answers in English under the English app path, with a plain link over http', async () => {
    const bot = createBot({ token: '1:test', publicUrl: 'http://localhost:3000', apiRoot, botInfo, logger: { error: () => {} } });
    calls.length = 0;
    await bot.handleUpdate(message('/start', 'en-US'));
    const sent = () => calls.filter((c) => c.method === 'sendMessage');
    expect(sent()[0]!.payload.text).toContain('Hi, Ivan!');
    expect(sent()[0]!.payload.reply_markup).toEqual({ inline_keyboard: [[{ text: 'Open Tracker', url: 'http://localhost:3000/en' }]] });
    await bot.handleUpdate(message('/help', 'en'));
    expect(sent()[1]!.payload.text).toContain('/help — this help');
  });

  it('keeps running when an update fails, reporting it to the logger', async () => {
    const errors: unknown[] = [];
    const failing = createBot({ token: '1:test', publicUrl: 'https://x.example', apiRoot: 'http://127.0.0.1:9', botInfo, logger: { error: (e) => errors.push(e) } });
    await failing.handleUpdate(message('/start', 'ru'));
    expect(errors).toHaveLength(1);
  });
});
