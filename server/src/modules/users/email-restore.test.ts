// An e-mail change is told to the old address, with a link that takes the account back (issue 25:
// a changed address, then a password reset through it, was a silent takeover).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';
import { linkIn, startSmtpServer, type ReceivedMail } from '../../test/smtp.ts';
import { waitUntil } from '../../test/wait-until.ts';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tracker.example.org' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const password = 'correct horse';
const tokenOf = (link: URL) => link.searchParams.get('token');
/** The mail to `to` that carries a `path` link (mail jobs may be delivered in any order). */
const mailWith = async (to: string, path: string): Promise<ReceivedMail> =>
  (await waitUntil(`a ${path} mail to ${to}`, () => smtp.received.find((m) => m.to.includes(to) && m.decoded.includes(`${path}?token=`))))!;

async function register(email: string, locale: 'ru' | 'en') {
  await t.sql(`delete from rate_limits where key like 'register:%' or key like 'recover:%'`);
  const client = t.client();
  const res = await client.post('/api/auth/register', { email, password, name: 'Мария', locale });
  expect(res.status).toBe(201);
  const id = res.body.user.id as number;
  await t.sql('update users set email_confirmed_at = now() where id = ?', [id]);
  return { id, client };
}

/** Changes the account's address from `client` and confirms it from the link mailed to `to`. */
async function changeEmail(client: TestClient, to: string) {
  expect((await client.request('PATCH', '/api/user/profile', { json: { email: to } })).status).toBe(200);
  const link = linkIn(await mailWith(to, '/user/confirm-email'), '/user/confirm-email');
  expect((await t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') })).status).toBe(200);
}


describe('an e-mail change', () => {
  it('tells the old address, whose link puts it back and shuts out whoever changed it', async () => {
    const old = uniqueEmail('victim');
    const taker = uniqueEmail('taker');
    const victim = await register(old, 'ru');
    const token = (await victim.client.post('/api/tokens', { name: 'ci', scope: 'write' })).body.token as string;
    // Someone with a session of the account changes its address, confirms it and asks for a reset link.
    const intruder = t.client();
    expect((await intruder.post('/api/auth/login', { email: old, password })).status).toBe(200);
    await changeEmail(intruder, taker);
    expect((await intruder.post('/api/auth/recover-password', { email: taker })).status).toBe(204);
    const resetLink = linkIn(await mailWith(taker, '/user/reset-password'), '/user/reset-password');

    const notice = await mailWith(old, '/user/restore-email');
    expect(notice.decoded).toContain('Трекер: e-mail аккаунта изменён');
    expect(notice.decoded).toContain(`был ${old}, теперь ${taker}`);
    expect(notice.decoded).toContain('Ссылка действует 7 дней');
    expect(notice.decoded).toContain('Вернуть прежний адрес');
    expect(notice.decoded).not.toContain('просто проигнорируйте');
    const undo = linkIn(notice, '/user/restore-email');
    expect(undo.origin).toBe('https://tracker.example.org');

    const restored = await t.client().post('/api/user/restore-email', { token: tokenOf(undo) });
    expect([restored.status, restored.body]).toEqual([200, { email: old }]);
    const [row] = await t.sql<{ email: string; pending_email: string | null; confirmed: boolean }>(
      'select email, pending_email, email_confirmed_at is not null as confirmed from users where id = ?',
      [victim.id],
    );
    expect(row).toEqual({ email: old, pending_email: null, confirmed: true });
    // Every session and token ended; the reset link mailed to the other address no longer works.
    expect((await intruder.get('/api/user/me')).status).toBe(401);
    expect((await victim.client.get('/api/user/me')).status).toBe(401);
    expect((await fetch(`${t.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    const reset = await t.client().post('/api/auth/reset-password', { token: tokenOf(resetLink), password: 'taken over 123' });
    expect([reset.status, reset.body.data.code]).toEqual([400, 'token_used']);
    // The owner signs in with the address they have back.
    expect((await t.client().post('/api/auth/login', { email: old, password })).status).toBe(200);

    const again = await t.client().post('/api/user/restore-email', { token: tokenOf(undo) });
    expect([again.status, again.body.data.code, again.body.statusMessage]).toEqual([400, 'token_used', 'Ссылка уже использована']);
  });

  it('writes to an English reader in English, and changes nothing when another account has taken the address', async () => {
    const old = uniqueEmail('old-en');
    const next = uniqueEmail('new-en');
    const user = await register(old, 'en');
    await changeEmail(user.client, next);
    const notice = await mailWith(old, '/en/user/restore-email');
    expect(notice.decoded).toContain("Tracker: your account's e-mail was changed");
    expect(notice.decoded).toContain(`changed from ${old} to ${next}`);
    expect(notice.decoded).toContain('valid for 7 days');
    const undo = linkIn(notice, '/en/user/restore-email');

    // Meanwhile someone else signed up with the freed address.
    await register(old, 'ru');
    const refused = await t.client().post('/api/user/restore-email', { token: tokenOf(undo) }, { 'accept-language': 'en' });
    expect([refused.status, refused.body.data.code]).toEqual([409, 'email_taken']);
    expect((await t.sql<{ email: string }>('select email from users where id = ?', [user.id]))[0]!.email).toBe(next);
    expect((await user.client.get('/api/user/me')).status).toBe(200);
    // Nothing was used up: the link still works once the address is free again.
    await t.sql('delete from users where email = ?', [old]);
    expect((await t.client().post('/api/user/restore-email', { token: tokenOf(undo) })).status).toBe(200);
  });
});
