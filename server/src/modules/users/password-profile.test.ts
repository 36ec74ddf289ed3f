import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { createProject, createUser } from '../../test/fixtures.ts';
import { linkIn, startSmtpServer } from '../../test/smtp.ts';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string) => t.client().post('/api/auth/login', { email, password });

describe('password recovery', () => {
  it('mails a single-use reset link; the reset ends every other session and signs this browser in', async () => {
    const u = await createUser(t);
    const other = t.client();
    expect((await other.post('/api/auth/login', { email: u.email, password: 'correct horse' })).status).toBe(200);

    const reader = t.client();
    expect((await reader.post('/api/auth/recover-password', { email: u.email.toUpperCase() })).status).toBe(204);
    const mail = await smtp.waitFor(u.email, 2); // the first one is the confirmation mail
    expect(mail.decoded).toContain('Трекер: сброс пароля');
    const link = linkIn(mail, '/user/reset-password');
    const token = link.searchParams.get('token');

    for (const password of ['qwerty123', '        ', 'aaaaaaaa']) {
      const weak = await reader.post('/api/auth/reset-password', { token, password });
      expect(weak.status, password).toBe(400);
      expect(weak.body.data).toMatchObject({ code: 'weak_password', field: 'password' });
    }

    const reset = await reader.post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.id).toBe(u.id);
    expect((await reader.get('/api/user/me')).status).toBe(200);
    expect((await u.client.get('/api/user/me')).status).toBe(401);
    expect((await other.get('/api/user/me')).status).toBe(401);
    expect(await t.sql('select count(*)::int as n from sessions where user_id = ?', [u.id])).toEqual([{ n: 1 }]);

    expect((await login(u.email, 'correct horse')).status).toBe(401);
    expect((await login(u.email, 'a brand new secret')).status).toBe(200);
    const reused = await t.client().post('/api/auth/reset-password', { token, password: 'another new secret' });
    expect(reused.status).toBe(400);
    expect(reused.body.data.code).toBe('token_used');
  });

  it('answers the same for an unknown e-mail and sends nothing; an hour-old link is refused', async () => {
    const before = smtp.received.length;
    const ghost = await t.client().post('/api/auth/recover-password', { email: uniqueEmail('ghost') });
    const u = await createUser(t);
    await smtp.waitFor(u.email);
    const known = await t.client().post('/api/auth/recover-password', { email: u.email });
    expect(ghost.status).toBe(204);
    expect(known.status).toBe(204);
    expect(ghost.body).toEqual(known.body);
    const mail = await smtp.waitFor(u.email, 2);
    expect(smtp.received.length).toBe(before + 2);

    await t.sql(`update user_tokens set expires_at = now() - interval '1 second' where user_id = ? and kind = 'password_reset'`, [u.id]);
    const late = await t.client().post('/api/auth/reset-password', { token: linkIn(mail, '/user/reset-password').searchParams.get('token'), password: 'a brand new secret' });
    expect(late.status).toBe(400);
    expect(late.body.data.code).toBe('token_expired');
  });
});

describe('change password', () => {
  it('needs the current password for your own account and ends your other sessions', async () => {
    const u = await createUser(t);
    const second = t.client();
    await second.post('/api/auth/login', { email: u.email, password: 'correct horse' });
    const wrong = await u.client.post(`/api/user/change-password/${u.id}`, { currentPassword: 'nope nope nope', password: 'fresh secret 1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ statusMessage: 'Неверный текущий пароль', data: { code: 'wrong_password', field: 'currentPassword' } });
    for (const password of ['password', '        ', 'aaaaaaaa']) {
      const weak = await u.client.post(`/api/user/change-password/${u.id}`, { currentPassword: 'correct horse', password });
      expect(weak.status, password).toBe(400);
      expect(weak.body.data).toMatchObject({ code: 'weak_password', field: 'password' });
    }

    expect((await u.client.post(`/api/user/change-password/${u.id}`, { currentPassword: 'correct horse', password: 'fresh secret 1' })).status).toBe(204);
    expect((await u.client.get('/api/user/me')).status).toBe(200);
    expect((await second.get('/api/user/me')).status).toBe(401);
    expect((await login(u.email, 'fresh secret 1')).status).toBe(200);
  });

  it("lets an admin set anyone's password; others get 403", async () => {
    const admin = await createUser(t, { admin: true });
    const u = await createUser(t);
    const v = await createUser(t);
    expect((await v.client.post(`/api/user/change-password/${u.id}`, { password: 'taken over!' })).status).toBe(403);
    expect((await admin.client.post(`/api/user/change-password/${u.id}`, { password: 'set by admin 1' })).status).toBe(204);
    expect((await u.client.get('/api/user/me')).status).toBe(401);
    expect((await login(u.email, 'set by admin 1')).status).toBe(200);
    expect((await admin.client.post('/api/user/change-password/999999', { password: 'set by admin 1' })).status).toBe(404);
  });

  it("refuses weak passwords at registration, with the reason in the reader's language", async () => {
    for (const password of ['12345678', '        ', 'aaaaaaaa']) {
      const res = await t.client().post('/api/auth/register', { email: uniqueEmail(), password, name: 'A' });
      expect(res.status, password).toBe(400);
      expect(res.body.data).toMatchObject({ code: 'weak_password', field: 'password', minScore: 3 });
    }
    const ru = await t.client().post('/api/auth/register', { email: uniqueEmail(), password: 'aaaaaaaa', name: 'A' });
    expect(ru.body).toMatchObject({
      statusMessage: 'Пароль слишком легко подобрать. Выберите подлиннее, из нескольких редких слов.',
      data: { score: 0, warning: 'Повторы одного символа, например «ааа», легко подобрать.', reasons: { warning: 'simpleRepeat' } },
    });
    expect(ru.body.data.suggestions).toContain('Не повторяйте слова и символы.');
    const en = await t.client().post('/api/auth/register', { email: uniqueEmail(), password: 'aaaaaaaa', name: 'A', locale: 'en' });
    expect(en.body.data.warning).toBe('Repeated characters like "aaa" are easy to guess.');
    // The user's own e-mail and name do not count as strength.
    const own = await t.client().post('/api/auth/register', { email: 'marfa.vasilieva@example.com', password: 'marfa.vasilieva1', name: 'Марфа Васильева' });
    expect(own.body.data).toMatchObject({ code: 'weak_password', reasons: { warning: 'userInputs' } });
    expect((await t.client().post('/api/auth/register', { email: uniqueEmail(), password: 'quiet-harbor-lantern', name: 'A' })).status).toBe(201);
  });
});

describe('profile and avatar', () => {
  it('turns a real image into square WebP avatars, and refuses a text file named .png', async () => {
    const u = await createUser(t);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#16a34a' } }).png().toBuffer();
    const up = await u.client.request('POST', '/api/user/avatar', { body: png as unknown as string, headers: { 'content-type': 'image/png', 'x-file-name': 'me.png' } });
    expect(up.status).toBe(200);
    const url: string = up.body.user.avatar_url;
    expect(url).toMatch(/^\/api\/avatars\/[a-f0-9]{32}-128\.webp$/);
    for (const size of [64, 128, 256]) {
      const res = await fetch(t.url + url.replace('-128.', `-${size}.`));
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
    }

    const text = await u.client.request('POST', '/api/user/avatar', { body: 'just some text, not a picture', headers: { 'content-type': 'image/png', 'x-file-name': 'fake.png' } });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ statusMessage: 'Файл не является изображением PNG, JPEG, WebP или GIF', data: { code: 'invalid_image' } });
    expect((await u.client.get('/api/user/me')).body.user.avatar_url).toBe(url);

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const tooBig = await u.client.request('POST', '/api/user/avatar', { body: big as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(tooBig.status).toBe(413);

    const removed = await u.client.request('DELETE', '/api/user/avatar');
    expect(removed.body.user.avatar_url).toBeNull();
    expect((await fetch(t.url + url)).status).toBe(404);
  });

  it('edits name and language; shows another user public page with projects in common; 404 for an unknown id', async () => {
    const a = await createUser(t, { name: 'Анна' });
    const b = await createUser(t, { name: 'Борис' });
    const res = await a.client.request('PATCH', '/api/user/profile', { json: { name: 'Анна П.', locale: 'en', phone: '+1 202 555 0123' } });
    expect(res.body.user).toMatchObject({ name: 'Анна П.', locale: 'en', phone: '+12025550123' });
    expect((await a.client.request('PATCH', '/api/user/profile', { json: { phone: '' } })).body.user.phone).toBeNull();

    const shared = await createProject(t, { ownerId: a.id, members: [{ userId: b.id, role: 'member' }] });
    await createProject(t, { ownerId: a.id });
    const page = await b.client.get(`/api/users/${a.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      user: { id: a.id, name: 'Анна П.', avatar_url: null, created_at: expect.any(String) },
      commonProjects: [{ id: shared.id, key: shared.key, name: `Project ${shared.key}`, color: expect.any(String) }],
    });
    expect(JSON.stringify(page.body)).not.toContain('@');
    expect((await b.client.get('/api/users/999999')).status).toBe(404);
    expect((await t.client().get(`/api/users/${a.id}`)).status).toBe(401);
  });
});
