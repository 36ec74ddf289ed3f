// Linking by a one-time t.me link and phone confirmation by contact, end to end: HTTP calls of the
// web app, and the bot (grammY over HTTP to a local Bot API peer) calling the server's hooks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBot } from '@tracker/bot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { signInitData, TEST_BOT_TOKEN, uniqueTelegramId } from '../../test/telegram-signer.ts';
import { createAccountHooks } from './bot-hooks.ts';

let t: TestServer;
let peer: Server;
let apiRoot: string;
const sent: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestServer({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'tracker_test_bot', TELEGRAM_MODE: 'off' });
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url!.endsWith('/sendMessage')) sent.push(JSON.parse(body));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, result: { message_id: sent.length, date: 0, chat: { id: 1, type: 'private' } } }));
    });
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  apiRoot = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => peer.close(r));
  await t.close();
});

const botInfo = { id: 42, is_bot: true as const, first_name: 'Tracker', username: 'tracker_test_bot', can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false, has_topics_enabled: false, allows_users_to_create_topics: false, can_manage_bots: false, supports_join_request_queries: false };
const bot = () => createBot({ token: TEST_BOT_TOKEN, publicUrl: 'https://tracker.example', apiRoot, botInfo, logger: { error: (e) => console.error(e) }, accountHooks: createAccountHooks(t.orm, t.app.services.invites) });
const from = (id: number, username = 'linked_user') => ({ id, is_bot: false as const, first_name: 'Olga', username, language_code: 'en' });
const startUpdate = (id: number, payload: string) => ({
  update_id: Math.floor(Math.random() * 1e9),
  message: { message_id: 1, date: 0, chat: { id, type: 'private' as const, first_name: 'Olga' }, from: from(id), text: `/start ${payload}`, entities: [{ type: 'bot_command' as const, offset: 0, length: 6 }] },
});
const contactUpdate = (senderId: number, contactUserId: number, phone: string) => ({
  update_id: Math.floor(Math.random() * 1e9),
  message: { message_id: 2, date: 0, chat: { id: senderId, type: 'private' as const, first_name: 'Olga' }, from: from(senderId), contact: { phone_number: phone, first_name: 'Olga', user_id: contactUserId } },
});

async function emailUser() {
  const c = t.client();
  await c.post('/api/auth/register', { email: uniqueEmail('link'), password: 'correct horse', name: 'Olga' });
  return c;
}

describe('/user/telegram-username-confirm: one-time t.me link', () => {
  it('the bot confirms the username; the page reads the result; the link works once', async () => {
    const c = await emailUser();
    const link = await c.post('/api/telegram/link');
    expect(link.status).toBe(201);
    expect(link.body.url).toBe(`https://t.me/tracker_test_bot?start=link_${link.body.token}`);
    expect(link.body.url.split('start=')[1].length).toBeLessThanOrEqual(64);
    expect((await c.get(`/api/telegram/link/${link.body.token}`)).body).toEqual({ status: 'pending', username: null });
    // Nobody else can read another user's link.
    expect((await (await emailUser()).get(`/api/telegram/link/${link.body.token}`)).status).toBe(404);

    const tgId = uniqueTelegramId();
    sent.length = 0;
    await bot().handleUpdate(startUpdate(tgId, `link_${link.body.token}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe('Done: Telegram @linked_user is linked to your Tracker account.');
    expect(JSON.stringify(sent[0]!.reply_markup)).toContain('https://tracker.example/en/user/telegram-username-confirm?token=');

    expect((await c.get(`/api/telegram/link/${link.body.token}`)).body).toEqual({ status: 'confirmed', username: 'linked_user' });
    expect((await c.get('/api/telegram/account')).body.account).toMatchObject({ telegram_id: tgId, username: 'linked_user', first_name: 'Olga' });

    await bot().handleUpdate(startUpdate(tgId, `link_${link.body.token}`));
    expect(sent[1]!.text).toContain('expired or was already used');
  });

  it('refuses to link a Telegram account already linked to another user', async () => {
    const first = await emailUser();
    const tgId = uniqueTelegramId();
    await bot().handleUpdate(startUpdate(tgId, `link_${(await first.post('/api/telegram/link')).body.token}`));
    const second = await emailUser();
    const token = (await second.post('/api/telegram/link')).body.token;
    await bot().handleUpdate(startUpdate(tgId, `link_${token}`));
    expect((await second.get(`/api/telegram/link/${token}`)).body.status).toBe('conflict');
    expect((await second.get('/api/telegram/account')).body.account).toBeNull();
  });

  it('Disconnect unlinks it, so a new link may take it; an account Telegram alone signs in to keeps it', async () => {
    const c = await emailUser();
    const tgId = uniqueTelegramId();
    await bot().handleUpdate(startUpdate(tgId, `link_${(await c.post('/api/telegram/link')).body.token}`));
    expect((await c.get('/api/telegram/account')).body.account).toMatchObject({ telegram_id: tgId });
    expect((await c.request('DELETE', '/api/telegram/account')).status).toBe(204);
    expect((await c.get('/api/telegram/account')).body.account).toBeNull();
    // The Telegram account is free again: another user links it.
    const other = await emailUser();
    const token = (await other.post('/api/telegram/link')).body.token;
    await bot().handleUpdate(startUpdate(tgId, `link_${token}`));
    expect((await other.get(`/api/telegram/link/${token}`)).body.status).toBe('confirmed');

    // A user the mini app made from their Telegram account (no e-mail, no password) would be locked out.
    const only = t.client();
    const person = { id: uniqueTelegramId(), first_name: 'Only', username: 'only_telegram', language_code: 'ru' };
    expect((await only.post('/api/auth/telegram/callback', { tgWebAppDataRaw: signInitData(person), unsafeFallback: false })).status).toBe(201);
    const refused = await only.request('DELETE', '/api/telegram/account');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusMessage: 'Telegram — ваш единственный способ входа: прежде чем отключать его, добавьте e-mail и пароль', data: { code: 'telegram_only_sign_in' } });
    expect((await only.get('/api/telegram/account')).body.account).toMatchObject({ telegram_id: person.id });
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().post('/api/telegram/link')).status).toBe(401);
  });
});

describe('phone confirmation by shared contact', () => {
  it('confirms the phone only when the contact is the sender’s own', async () => {
    const c = await emailUser();
    const tgId = uniqueTelegramId();
    await bot().handleUpdate(startUpdate(tgId, `link_${(await c.post('/api/telegram/link')).body.token}`));
    expect((await c.get('/api/telegram/phone')).body).toEqual({ phone: null, phone_confirmed_at: null });

    sent.length = 0;
    await bot().handleUpdate(contactUpdate(tgId, tgId + 1, '79991234567'));
    expect(sent[0]!.text).toBe('Please share your own contact.');
    expect((await c.get('/api/telegram/phone')).body.phone_confirmed_at).toBeNull();

    await bot().handleUpdate(contactUpdate(tgId, tgId, '79991234567'));
    expect(sent[1]!.text).toBe('Your phone number is confirmed.');
    const status = (await c.get('/api/telegram/phone')).body;
    expect(status.phone).toBe('+79991234567');
    expect(status.phone_confirmed_at).not.toBeNull();
    expect((await c.get('/api/user/me')).body.user).toMatchObject({ phone: '+79991234567' });
  });

  it('tells an unknown Telegram user to sign in first', async () => {
    const tgId = uniqueTelegramId();
    sent.length = 0;
    await bot().handleUpdate(contactUpdate(tgId, tgId, '+7 999 765-43-21'));
    expect(sent[0]!.text).toBe('Sign in to Tracker through Telegram first, then share your number.');
  });
});
