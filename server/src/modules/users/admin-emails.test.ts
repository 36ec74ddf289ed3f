// Issue 11, H1: ADMIN_EMAILS grants admin only to a confirmed address, once, and a changed
// e-mail keeps the old address (and only its roles) until the new one is confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';
import { createUser } from '../../test/fixtures.ts';
import { linkIn, startSmtpServer } from '../../test/smtp.ts';
import { signInitData, TEST_BOT_TOKEN, uniqueTelegramId } from '../../test/telegram-signer.ts';

const listed = Array.from({ length: 8 }, (_, i) => `boss${i}-${process.pid}@example.com`);
let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestServer({ SMTP_URL: smtp.url, ADMIN_EMAILS: listed.join(','), TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: 'tracker_test_bot', TELEGRAM_MODE: 'off' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const PASSWORD = 'correct horse';
async function register(email: string): Promise<{ client: TestClient; id: number }> {
  await t.sql(`delete from rate_limits`);
  const client = t.client();
  const res = await client.post('/api/auth/register', { email, password: PASSWORD, name: 'Boss' });
  expect(res.status).toBe(201);
  return { client, id: res.body.user.id };
}
async function login(email: string) {
  const client = t.client();
  const res = await client.post('/api/auth/login', { email, password: PASSWORD });
  return { client, res };
}
const roles = async (client: TestClient) => (await client.get('/api/user/me')).body.user.roles as string[];
async function confirmLatest(email: string, nth = 1) {
  const link = linkIn(await smtp.waitFor(email, nth), '/user/confirm-email');
  return t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') });
}

describe('ADMIN_EMAILS', () => {
  it('an unconfirmed listed address is not admin, at sign-up or sign-in; confirming grants it', async () => {
    const email = listed[0]!;
    const { client } = await register(email);
    expect(await roles(client)).toEqual([]);
    const again = await login(email);
    expect(again.res.status).toBe(200);
    expect(again.res.body.user.roles).toEqual([]);

    expect((await confirmLatest(email)).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);
    expect(await t.sql('select email from admin_email_grants')).toContainEqual({ email });
  });

  it('an admin revocation stays: signing in again does not grant it back', async () => {
    const email = listed[1]!;
    const { client, id } = await register(email);
    expect((await confirmLatest(email)).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);

    const admin = await createUser(t, { admin: true });
    expect((await admin.client.request('PATCH', `/api/admin/users/${id}`, { json: { admin: false } })).status).toBe(200);
    const again = await login(email);
    expect(again.res.status).toBe(200);
    expect(again.res.body.user.roles).toEqual([]);
    expect(await roles(client)).toEqual([]);
  });

  it('an address confirmed before it was listed gets admin at the next sign-in, once', async () => {
    const email = listed[2]!;
    const { client, id } = await register(email);
    // As if confirmed while the address was not in ADMIN_EMAILS (confirming would grant it now).
    await t.sql('update users set email_confirmed_at = now() where id = ?', [id]);
    expect(await roles(client)).toEqual([]);
    expect((await login(email)).res.body.user.roles).toEqual(['admin']);
    await t.sql(`update users set roles = '{}' where id = ?`, [id]);
    expect((await login(email)).res.body.user.roles).toEqual([]);
  });
});

describe('changing the e-mail', () => {
  it('to a listed address: not admin, the old address signs in until the new one is confirmed, then admin', async () => {
    const old = uniqueEmail('plain');
    const { client, id } = await register(old);
    expect((await confirmLatest(old)).status).toBe(200);
    const target = listed[3]!;

    const patched = await client.request('PATCH', '/api/user/profile', { json: { email: target } });
    expect(patched.status).toBe(200);
    expect(patched.body.user).toMatchObject({ email: old, pending_email: target, email_confirmed_at: expect.any(String), roles: [] });
    // Signing in again changes nothing, with either address.
    expect((await login(target)).res.status).toBe(401);
    const viaOld = await login(old);
    expect(viaOld.res.status).toBe(200);
    expect(viaOld.res.body.user.roles).toEqual([]);
    // The reminder is about the pending address now.
    await t.sql(`update reminders set next_show_at = now() - interval '1 second' where user_id = ? and kind = 'email'`, [id]);
    expect((await client.get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: true });

    expect((await confirmLatest(target)).status).toBe(200);
    const me = (await client.get('/api/user/me')).body.user;
    expect(me).toMatchObject({ email: target, pending_email: null, roles: ['admin'] });
    expect((await login(old)).res.status).toBe(401);
    expect((await login(target)).res.status).toBe(200);
  });

  it('away from the listed address: admin stays while the new one is pending, goes once it is confirmed', async () => {
    const email = listed[4]!;
    const { client } = await register(email);
    expect((await confirmLatest(email)).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);

    const next = uniqueEmail('moved');
    expect((await client.request('PATCH', '/api/user/profile', { json: { email: next } })).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);
    expect((await confirmLatest(next)).status).toBe(200);
    expect(await roles(client)).toEqual([]);
    expect((await login(next)).res.body.user.roles).toEqual([]);
  });

  it('keeps an admin role set by hand when the address it was first granted for is replaced', async () => {
    const email = listed[5]!;
    const { client, id } = await register(email);
    expect((await confirmLatest(email)).status).toBe(200);
    const admin = await createUser(t, { admin: true });
    await admin.client.request('PATCH', `/api/admin/users/${id}`, { json: { admin: false } });
    await admin.client.request('PATCH', `/api/admin/users/${id}`, { json: { admin: true } });

    const next = uniqueEmail('kept');
    await client.request('PATCH', '/api/user/profile', { json: { email: next } });
    expect((await confirmLatest(next)).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);
  });

  it('giving the current address back cancels the pending one; an address another account took first is refused', async () => {
    const a = await register(uniqueEmail('a'));
    const b = await register(uniqueEmail('b'));
    const wanted = uniqueEmail('wanted');
    const mine = (await a.client.get('/api/user/me')).body.user.email as string;
    expect((await a.client.request('PATCH', '/api/user/profile', { json: { email: wanted } })).body.user.pending_email).toBe(wanted);
    expect((await a.client.request('PATCH', '/api/user/profile', { json: { email: mine } })).body.user).toMatchObject({ email: mine, pending_email: null });
    // The cancelled address's link confirms nothing.
    expect((await confirmLatest(wanted)).body.data.code).toBe('token_invalid');

    expect((await a.client.request('PATCH', '/api/user/profile', { json: { email: wanted } })).status).toBe(200);
    expect((await b.client.request('PATCH', '/api/user/profile', { json: { email: wanted } })).status).toBe(200);
    expect((await confirmLatest(wanted, 3)).status).toBe(200);
    const late = await confirmLatest(wanted, 2);
    expect(late.status).toBe(409);
    expect(late.body.data.code).toBe('email_taken');
  });
});

describe('Telegram sign-in', () => {
  const tgSignIn = (client: TestClient, id: number) =>
    client.post('/api/auth/telegram/callback', { tgWebAppDataRaw: signInitData({ id, first_name: 'Tg', last_name: 'Boss', username: `tg${id}`, language_code: 'en' }), unsafeFallback: false });

  it('a Telegram account adding a listed address is not admin until it is confirmed, even signing in again', async () => {
    const tgId = uniqueTelegramId();
    const client = t.client();
    expect((await tgSignIn(client, tgId)).status).toBe(201);
    const email = listed[6]!;
    const patched = await client.request('PATCH', '/api/user/profile', { json: { email } });
    expect(patched.body.user).toMatchObject({ email: null, pending_email: email, roles: [] });
    const again = await tgSignIn(t.client(), tgId);
    expect(again.status).toBe(200);
    expect(again.body.user.roles).toEqual([]);
    expect((await confirmLatest(email)).status).toBe(200);
    expect(await roles(client)).toEqual(['admin']);
  });

  it('grants a confirmed listed address that was never granted at Telegram sign-in, once', async () => {
    const tgId = uniqueTelegramId();
    const client = t.client();
    const first = await tgSignIn(client, tgId);
    await t.sql('update users set email = ?, email_confirmed_at = now() where id = ?', [listed[7], first.body.user.id]);
    expect((await tgSignIn(t.client(), tgId)).body.user.roles).toEqual(['admin']);
    await t.sql(`update users set roles = '{}' where id = ?`, [first.body.user.id]);
    expect((await tgSignIn(t.client(), tgId)).body.user.roles).toEqual([]);
  });
});
