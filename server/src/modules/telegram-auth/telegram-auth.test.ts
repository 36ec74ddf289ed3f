import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';
import { nowSec, signInitData, signWidget, TEST_BOT_TOKEN, uniqueTelegramId, type TestTelegramUser } from '../../test/telegram-signer.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'tracker_test_bot', TELEGRAM_MODE: 'off' });
});
afterAll(() => t.close());

const person = (over: Partial<TestTelegramUser> = {}): TestTelegramUser => ({ id: uniqueTelegramId(), first_name: 'Ivan', last_name: 'Petrov', username: `ivan${Date.now() % 100000}`, language_code: 'ru', ...over });
const callback = (c: TestClient, raw: string, unsafeFallback = false) => c.post('/api/auth/telegram/callback', { tgWebAppDataRaw: raw, unsafeFallback });
const userCount = async () => (await t.sql<{ n: number }>('select count(*)::int as n from users'))[0]!.n;

function expectRefused(res: { status: number; body: any }, error: string, status = 401) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ statusCode: status, statusMessage: 'Telegram sign-in failed', error });
}

describe('POST /api/auth/telegram/callback', () => {
  it('signs in a new user from signed init data: account stored, locale from language_code, session rotated', async () => {
    const c = t.client();
    const tg = person({ language_code: 'en', is_premium: true, photo_url: 'https://t.me/i/userpic/320/x.jpg' });
    const res = await callback(c, signInitData(tg));
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: 'Ivan Petrov', locale: 'en', email: null, roles: [] });
    expect(res.body.sessionToken).toMatch(/\./);
    const [account] = await t.sql('select user_id, username, first_name, last_name, language_code, is_premium, photo_url from telegram_accounts where telegram_id = ?', [tg.id]);
    expect(account).toEqual({ user_id: res.body.user.id, username: tg.username, first_name: 'Ivan', last_name: 'Petrov', language_code: 'en', is_premium: true, photo_url: tg.photo_url });
    expect(c.cookies.get('tracker.sid')).toBeTruthy();
    expect((await c.get('/api/user/me')).body.user.id).toBe(res.body.user.id);

    // Fresh init data of the same person later: the same user, refreshed, never a second one.
    const before = await userCount();
    const again = await callback(t.client(), signInitData({ ...tg, username: 'renamed' }));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(res.body.user.id);
    expect(await userCount()).toBe(before);
    expect(await t.sql('select username from telegram_accounts where telegram_id = ?', [tg.id])).toEqual([{ username: 'renamed' }]);
  });

  it('a Ukrainian, Belarusian or Kazakh language code gives a Russian account, any other an English one', async () => {
    expect((await callback(t.client(), signInitData(person({ language_code: 'uk' })))).body.user.locale).toBe('ru');
    expect((await callback(t.client(), signInitData(person({ language_code: 'de' })))).body.user.locale).toBe('en');
  });

  it('refuses a tampered field, leaving no user and no session', async () => {
    const before = await userCount();
    const raw = signInitData(person());
    const tampered = raw.replace(/%22id%22%3A(\d+)/, (_, id) => `%22id%22%3A${Number(id) + 1}`);
    expect(tampered).not.toBe(raw);
    const c = t.client();
    expectRefused(await callback(c, tampered), 'invalid_hash');
    expectRefused(await callback(c, raw.replace(/auth_date=(\d+)/, (_, d) => `auth_date=${Number(d) - 1}`)), 'invalid_hash');
    expect(await userCount()).toBe(before);
    expect((await c.get('/api/user/me')).status).toBe(401);
  });

  it('refuses data signed with another bot token', async () => {
    expectRefused(await callback(t.client(), signInitData(person(), { token: '987654:another-bot-token' })), 'invalid_hash');
  });

  it('refuses data older than 24 hours and data from the future', async () => {
    expectRefused(await callback(t.client(), signInitData(person(), { authDate: nowSec() - 86_400 - 5 })), 'expired');
    expectRefused(await callback(t.client(), signInitData(person(), { authDate: nowSec() + 3600 })), 'future');
    const fine = await callback(t.client(), signInitData(person(), { authDate: nowSec() - 86_400 + 60 }));
    expect(fine.status).toBe(201);
  });

  it('refuses a replay of init data that already signed someone in', async () => {
    const raw = signInitData(person());
    expect((await callback(t.client(), raw)).status).toBe(201);
    expectRefused(await callback(t.client(), raw), 'replayed');
  });

  it('a failed sign-in does not use up the init data', async () => {
    const raw = signInitData(person());
    expectRefused(await callback(t.client(), raw, true), 'unsafe_fallback_disabled');
    expect((await callback(t.client(), raw)).status).toBe(201);
  });

  it('refuses unsafeFallback while the server setting is off, even with a valid signature', async () => {
    const before = await userCount();
    expectRefused(await callback(t.client(), signInitData(person()), true), 'unsafe_fallback_disabled');
    expect(await userCount()).toBe(before);
  });

  it('rejects a malformed body with the usual validation error', async () => {
    const res = await t.client().post('/api/auth/telegram/callback', { unsafeFallback: false });
    expect(res.status).toBe(400);
    expectRefused(await callback(t.client(), 'no-hash-here=1'), 'malformed');
  });

  it('links a signed-in e-mail user instead of creating a second account', async () => {
    const c = t.client();
    const reg = await c.post('/api/auth/register', { email: uniqueEmail('tg'), password: 'correct horse', name: 'Mail User' });
    const before = await userCount();
    const tg = person();
    const res = await callback(c, signInitData(tg));
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(reg.body.user.id);
    expect(await userCount()).toBe(before);
    // Signed in through Telegram alone afterwards: the same account.
    expect((await callback(t.client(), signInitData(tg))).body.user.id).toBe(reg.body.user.id);
  });

  it('the launching Telegram account decides: a session of another account is replaced by a new one of its own user', async () => {
    // Two Telegram accounts on one device, whose webviews share the cookie jar.
    const a = person({ language_code: 'en' });
    const b = person({ language_code: 'ru', first_name: 'Boris' });
    const device = t.client();
    const first = await callback(device, signInitData(a));
    expect(first.body.user).toMatchObject({ locale: 'en', telegram_id: a.id });
    const sessionOfA = device.cookies.get('tracker.sid')!;
    const before = await userCount();

    const second = await callback(device, signInitData(b));
    expect(second.status).toBe(201);
    expect(second.body.user).toMatchObject({ name: 'Boris Petrov', locale: 'ru', telegram_id: b.id });
    expect(second.body.user.id).not.toBe(first.body.user.id);
    expect(await userCount()).toBe(before + 1);
    // A new session, not A's renamed: the device's cookie is B's now, and A's session is still A's
    // (a window of A that holds it as its header token goes on as A).
    expect(device.cookies.get('tracker.sid')).not.toBe(sessionOfA);
    expect((await device.get('/api/user/me')).body.user).toMatchObject({ id: second.body.user.id, telegram_id: b.id });
    expect((await t.client().get('/api/user/me', { 'x-session-token': first.body.sessionToken })).body.user.id).toBe(first.body.user.id);
    // A's Telegram account stays A's: the next launch of A signs A in again.
    expect(await t.sql('select telegram_id::text as id, user_id from telegram_accounts where telegram_id in (?, ?) order by user_id', [a.id, b.id])).toEqual([
      { id: String(a.id), user_id: first.body.user.id },
      { id: String(b.id), user_id: second.body.user.id },
    ]);
    expect((await callback(device, signInitData(a))).body.user.id).toBe(first.body.user.id);
  });

  it('gives a new header session (Telegram Web) when the frame held another account\'s', async () => {
    const a = await callback(t.client(), signInitData(person()));
    const headers = { 'x-session-token': a.body.sessionToken };
    const frame = t.client();
    const b = await frame.request('POST', '/api/auth/telegram/callback', { json: { tgWebAppDataRaw: signInitData(person()), unsafeFallback: false }, headers });
    expect(b.status).toBe(201);
    expect(b.body.user.id).not.toBe(a.body.user.id);
    expect(b.body.sessionToken).not.toBe(a.body.sessionToken);
    expect((await t.client().get('/api/user/me', headers)).body.user.id).toBe(a.body.user.id);
    expect((await t.client().get('/api/user/me', { 'x-session-token': b.body.sessionToken })).body.user.id).toBe(b.body.user.id);
  });

  it('a launch never links the launching account to a signed-in user who has another Telegram account', async () => {
    const c = t.client();
    await c.post('/api/auth/register', { email: uniqueEmail('tg3'), password: 'correct horse', name: 'Mail User' });
    const owned = await callback(c, signInitData(person()));
    const stranger = person({ first_name: 'Stranger' });
    const res = await callback(c, signInitData(stranger));
    expect(res.status).toBe(201);
    expect(res.body.user.id).not.toBe(owned.body.user.id);
    expect(await t.sql('select user_id from telegram_accounts where telegram_id = ?', [stranger.id])).toEqual([{ user_id: res.body.user.id }]);
  });

  it('the Login Widget refuses to link a Telegram account that belongs to someone else', async () => {
    const tg = person();
    const owner = await callback(t.client(), signInitData(tg));
    const c = t.client();
    const other = await c.post('/api/auth/register', { email: uniqueEmail('tg2'), password: 'correct horse', name: 'Other' });
    expectRefused(await c.post('/api/auth/telegram/widget', signWidget(tg)), 'linked_elsewhere', 409);
    expect(await t.sql('select user_id from telegram_accounts where telegram_id = ?', [tg.id])).toEqual([{ user_id: owner.body.user.id }]);
    expect((await c.get('/api/user/me')).body.user.id).toBe(other.body.user.id);
  });

  it('the bot and the notifier see the identity sign-in recorded (users.telegram_id follows telegram_accounts)', async () => {
    const tg = person();
    const res = await callback(t.client(), signInitData(tg));
    expect(await t.sql('select telegram_id::text as id, telegram_username as username from users where id = ?', [res.body.user.id])).toEqual([{ id: String(tg.id), username: tg.username }]);
    await t.sql('delete from telegram_accounts where user_id = ?', [res.body.user.id]);
    expect(await t.sql('select telegram_id from users where id = ?', [res.body.user.id])).toEqual([{ telegram_id: null }]);
  });

  it('refuses a user an admin blocked, and gives them no session', async () => {
    const tg = person();
    const first = await callback(t.client(), signInitData(tg));
    await t.sql('update users set blocked_at = now() where id = ?', [first.body.user.id]);
    const c = t.client();
    expectRefused(await callback(c, signInitData(tg)), 'account_blocked', 403);
    expect((await c.get('/api/user/me')).status).toBe(401);
  });
});

describe('unsafe fallback allowed by the server', () => {
  it('is accepted only with a valid signature', async () => {
    const s = await createTestServer({ TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_MODE: 'off', TELEGRAM_ALLOW_UNSAFE_FALLBACK: 'true' });
    try {
      expect((await s.client().post('/api/auth/telegram/callback', { tgWebAppDataRaw: signInitData(person()), unsafeFallback: true })).status).toBe(201);
      const bad = await s.client().post('/api/auth/telegram/callback', { tgWebAppDataRaw: signInitData(person(), { token: '1:wrong' }), unsafeFallback: true });
      expectRefused(bad, 'invalid_hash');
    } finally {
      await s.close();
    }
  });

  it('answers 503 not_configured without a bot token', async () => {
    const s = await createTestServer();
    try {
      expectRefused(await s.client().post('/api/auth/telegram/callback', { tgWebAppDataRaw: signInitData(person()), unsafeFallback: false }), 'not_configured', 503);
    } finally {
      await s.close();
    }
  });
});

describe('POST /api/auth/telegram/widget (Login Widget)', () => {
  const widget = (c: TestClient, body: unknown) => c.post('/api/auth/telegram/widget', body);

  it('signs in with a valid hash through the same accounts', async () => {
    const tg = person();
    const c = t.client();
    const res = await widget(c, signWidget(tg));
    expect(res.status).toBe(201);
    expect((await c.get('/api/user/me')).body.user.id).toBe(res.body.user.id);
    // The same person in the mini app later: the same user.
    expect((await callback(t.client(), signInitData(tg))).body.user.id).toBe(res.body.user.id);
  });

  it('refuses a tampered field, a wrong token, expired, future and replayed data', async () => {
    const signed = signWidget(person());
    expectRefused(await widget(t.client(), { ...signed, first_name: 'Mallory' }), 'invalid_hash');
    expectRefused(await widget(t.client(), signWidget(person(), { token: '987654:another-bot-token' })), 'invalid_hash');
    expectRefused(await widget(t.client(), signWidget(person(), { authDate: nowSec() - 90_000 })), 'expired');
    expectRefused(await widget(t.client(), signWidget(person(), { authDate: nowSec() + 3600 })), 'future');
    expect((await widget(t.client(), signed)).status).toBe(201);
    expectRefused(await widget(t.client(), signed), 'replayed');
  });
});

describe('session token header (third-party cookies blocked)', () => {
  it('carries the session without any cookie; a forged token carries nothing', async () => {
    const res = await callback(t.client(), signInitData(person()));
    const cookieless = t.client();
    const me = await cookieless.get('/api/user/me', { 'x-session-token': res.body.sessionToken });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(res.body.user.id);
    const forged = res.body.sessionToken.replace(/.$/, (ch: string) => (ch === 'A' ? 'B' : 'A'));
    expect((await t.client().get('/api/user/me', { 'x-session-token': forged })).status).toBe(401);
    // Writes work through the header too (same-origin, as from the mini app).
    const project = await cookieless.request('POST', '/api/projects', { json: { key: 'TGHEADER', name: 'From the mini app' }, headers: { 'x-session-token': res.body.sessionToken } });
    expect(project.status).toBe(201);
  });

  it('carries the session in the query of the event streams only (EventSource sends no headers)', async () => {
    const res = await callback(t.client(), signInitData(person()));
    const token = encodeURIComponent(res.body.sessionToken);
    // A position ahead of the log: a signed-in caller is told to bootstrap again, before any stream opens.
    const sync = await t.client().get(`/api/sync/stream?since=999999999&session_token=${token}`);
    expect(sync.status).toBe(409);
    expect(sync.body.data.code).toBe('sync_expired');
    // Any other route ignores it in the query.
    expect((await t.client().get(`/api/user/me?session_token=${token}`)).status).toBe(401);
  });

  it('still refuses a cross-site cookie-authenticated write (CSRF)', async () => {
    const c = t.client();
    await callback(c, signInitData(person()));
    const res = await c.request('POST', '/api/projects', { json: { key: 'CSRF', name: 'x' }, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
  });

  it('logout ends the header session too', async () => {
    const res = await callback(t.client(), signInitData(person()));
    const c = t.client();
    const headers = { 'x-session-token': res.body.sessionToken };
    expect((await c.request('POST', '/api/auth/logout', { headers })).status).toBe(204);
    expect((await c.get('/api/user/me', headers)).status).toBe(401);
  });
});
