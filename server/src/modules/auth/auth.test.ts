import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { INVALID_CREDENTIALS } from './auth.routes.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ ADMIN_EMAILS: 'boss@example.com' });
});
afterAll(() => t.close());

describe('register, me, logout, login', () => {
  it('registers, signs in, and keeps the session in PostgreSQL', async () => {
    const c = t.client();
    const email = uniqueEmail();
    const reg = await c.post('/api/auth/register', { email: email.toUpperCase(), password: 'correct horse', name: 'Анна' });
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({ email, name: 'Анна', roles: [], email_confirmed_at: null, phone: null, phone_confirmed_at: null });

    const cookie = reg.headers.getSetCookie().find((h) => h.startsWith('tracker.sid='));
    // One Set-Cookie per name: a client that keeps the first one must not end up signed out.
    expect(reg.headers.getSetCookie().filter((h) => h.startsWith('tracker.sid=')).length).toBe(1);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);

    const sessions = await t.sql<{ user_id: number }>('select user_id from sessions where id = ?', [c.cookies.get('tracker.sid')]);
    expect(sessions).toEqual([{ user_id: reg.body.user.id }]);

    const me = await c.get('/api/user/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(reg.body.user.id);

    const out = await c.post('/api/auth/logout');
    expect(out.status).toBe(204);
    expect(await t.sql('select 1 from sessions where user_id = ?', [reg.body.user.id])).toEqual([]);
    expect((await c.get('/api/user/me')).status).toBe(401);

    const login = await c.post('/api/auth/login', { email, password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
    expect((await c.get('/api/user/me')).body.user.id).toBe(reg.body.user.id);
  });

  it('rotates the session id on sign-in', async () => {
    const c = t.client();
    const email = uniqueEmail();
    await c.post('/api/auth/register', { email, password: 'correct horse', name: 'A' });
    const before = c.cookies.get('tracker.sid');
    const beforeSig = c.cookies.get('tracker.sid.sig');
    expect(await t.sql('select 1 from sessions where id = ?', [before])).toEqual([{ '?column?': 1 }]);
    await c.post('/api/auth/login', { email, password: 'correct horse' });
    const after = c.cookies.get('tracker.sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The old id is gone, not merely replaced in this browser: a copy of it signs nobody in.
    expect(await t.sql('select 1 from sessions where id = ?', [before])).toEqual([]);
    const stale = t.client();
    stale.cookies.set('tracker.sid', before!);
    stale.cookies.set('tracker.sid.sig', beforeSig!);
    expect((await stale.get('/api/user/me')).status).toBe(401);
    expect(await t.sql('select 1 from sessions where id = ?', [before])).toEqual([]);
  });

  it('refuses a second account with the same e-mail in any case, leaving one row', async () => {
    const email = uniqueEmail('dup');
    expect((await t.client().post('/api/auth/register', { email, password: 'pass-word-1', name: 'A' })).status).toBe(201);
    const again = await t.client().post('/api/auth/register', { email: email.toUpperCase(), password: 'pass-word-1', name: 'B' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, statusMessage: 'Этот e-mail уже зарегистрирован', data: { code: 'email_taken', field: 'email' } });
    expect(await t.sql('select count(*)::int as n from users where lower(email) = ?', [email])).toEqual([{ n: 1 }]);
  });

  it('validates the payload with the shared schema (400 with issues)', async () => {
    const res = await t.client().post('/api/auth/register', { email: 'not-an-email', password: 'short', name: '' });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    const paths = res.body.data.issues.map((i: { path: string[] }) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'password', 'name']));
  });

  it('gives the same error for an unknown e-mail and a wrong password', async () => {
    const email = uniqueEmail();
    await t.client().post('/api/auth/register', { email, password: 'pass-word-1', name: 'A' });
    const wrong = await t.client().post('/api/auth/login', { email, password: 'password2' });
    const unknown = await t.client().post('/api/auth/login', { email: uniqueEmail('ghost'), password: 'password2' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.statusMessage).toBe(INVALID_CREDENTIALS);
  });

  it('does not grant admin to an ADMIN_EMAILS address before it is confirmed (see admin-emails.test.ts)', async () => {
    const res = await t.client().post('/api/auth/register', { email: 'Boss@Example.com', password: 'pass-word-1', name: 'Boss' });
    expect(res.body.user.roles).toEqual([]);
  });
});

describe('https deployments', () => {
  it('set SameSite=None; Secure; Partitioned session cookies behind a TLS proxy', async () => {
    const secure = await createTestServer({ PUBLIC_URL: 'https://tracker.example.com' });
    try {
      const res = await secure.client().post('/api/auth/register', { email: uniqueEmail('tls'), password: 'pass-word-1', name: 'T' });
      expect(res.status).toBe(201);
      const cookie = res.headers.getSetCookie().find((h) => h.startsWith('tracker.sid='));
      expect(cookie).toMatch(/samesite=none/i);
      expect(cookie).toMatch(/secure/i);
      expect(cookie).toMatch(/partitioned/i);
      expect(cookie).toMatch(/httponly/i);
    } finally {
      await secure.close();
    }
  });
});
