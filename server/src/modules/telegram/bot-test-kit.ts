// A bot under test (not a test file itself): the server with its webhook, a validating Bot API
// peer, and Telegram updates from a few people in a private chat or a group.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { expect } from 'vitest';
import { jobsSettled } from '../../test/bot-server.ts';
import { FakeBotApi, type BotApiCall } from '../../test/fake-bot-api.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { signUp, type TestUser } from '../projects/test-fixtures.ts';
import { WEBHOOK_PATH } from './bot-runner.ts';

export interface Person {
  id: number;
  first_name: string;
  language_code: 'ru' | 'en';
}

export class BotKit {
  t!: TestServer;
  api!: FakeBotApi;
  /** The server's log lines at error level (or above). */
  readonly errors: string[] = [];
  private secret = '';
  private nextUpdate = 1;
  private nextMessage = 1;

  /** `env`: more server settings (e.g. SPEECH_COMMAND). */
  async start(more: Record<string, string> = {}) {
    this.api = await new FakeBotApi().start();
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        this.errors.push(String(chunk));
        done();
      },
    });
    const env = { TELEGRAM_BOT_TOKEN: '123456:test-token', TELEGRAM_BOT_USERNAME: 'tracker_test_bot', TELEGRAM_MODE: 'webhook', PUBLIC_URL: 'https://tracker.test', TELEGRAM_API_ROOT: this.api.url, ...more };
    this.t = await createTestServer(env, { logger: pino({ level: 'error' }, sink) });
    await this.t.app.services.telegram.start();
    this.secret = this.api.of('setWebhook')[0]!.payload.secret_token;
    return this;
  }

  async close() {
    await this.t?.close();
    await this.api?.close();
  }

  /** Waits until notifications are made and sent. */
  settled() {
    return jobsSettled(this.t);
  }

  /** Accounts for these Telegram people, by their first names and languages, each linked to its Telegram id. */
  async accounts<const P extends readonly Person[]>(...people: P): Promise<{ [K in keyof P]: TestUser }> {
    const users: TestUser[] = [];
    for (const p of people) {
      const user = await signUp(this.t, { name: p.first_name, locale: p.language_code === 'en' ? 'en' : undefined });
      await this.t.sql('update users set telegram_id = ? where id = ?', [p.id, user.id]);
      users.push(user);
    }
    return users as { [K in keyof P]: TestUser };
  }

  static privateChat = (p: Person) => ({ id: p.id, type: 'private', first_name: p.first_name });

  message(from: Person, text: string, chat: object = BotKit.privateChat(from), extra: object = {}) {
    const entities = text.startsWith('/') ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] } : {};
    return { update_id: this.nextUpdate++, message: { message_id: this.nextMessage++, date: now(), chat, from: { ...from, is_bot: false }, text, ...entities, ...extra } };
  }

  /** A message without text (a sticker, a forwarded photo…): `extra` says what it is. */
  other(from: Person, extra: object, chat: object = BotKit.privateChat(from)) {
    return { update_id: this.nextUpdate++, message: { message_id: this.nextMessage++, date: now(), chat, from: { ...from, is_bot: false }, ...extra } };
  }

  /** `from` puts a reaction (an emoji) on a message of `chat`; Telegram delivers it only to an administrator bot that asked. */
  react(from: Person, chat: { id: number; type: string; title?: string }, messageId: number, emoji: string, old: string[] = []) {
    const reactions = (list: string[]) => list.map((e) => ({ type: 'emoji', emoji: e }));
    return { update_id: this.nextUpdate++, message_reaction: { chat, message_id: messageId, user: { ...from, is_bot: false }, date: now(), old_reaction: reactions(old), new_reaction: reactions([...old, emoji]) } };
  }

  press(from: Person, data: string, message: { message_id: number; chat: object; [k: string]: unknown } = { message_id: 1, chat: BotKit.privateChat(from) }) {
    return { update_id: this.nextUpdate++, callback_query: { id: `cq${this.nextUpdate}`, from: { ...from, is_bot: false }, chat_instance: 'ci', data, message: { date: now(), text: 'x', ...message } } };
  }

  /** Delivers the update to the webhook and returns the Bot API calls made while handling it. */
  async exchange(update: unknown): Promise<BotApiCall[]> {
    if (!this.api.observe(update)) return [];
    const before = this.api.calls.length;
    const res = await fetch(this.t.url + WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': this.secret },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(200);
    return this.api.calls.slice(before);
  }
}

const now = () => Math.floor(Date.now() / 1000);
export const sent = (calls: BotApiCall[]) => calls.filter((c) => c.method === 'sendMessage');
export const lastText = (calls: BotApiCall[]) => sent(calls).at(-1)?.payload.text as string | undefined;
export const answers = (calls: BotApiCall[]) => calls.filter((c) => c.method === 'answerCallbackQuery');
export const buttons = (call: BotApiCall | undefined) => ((call?.payload.reply_markup?.inline_keyboard ?? []) as { text: string; callback_data?: string; url?: string }[][]).flat();
