import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@tracker/shared/errors';
import { createTestServer, uniqueEmail, type TestServer } from '../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ PUBLIC_URL: 'http://tracker.test' });
});
afterAll(() => t.close());

describe('error body', () => {
  it('is JSON 404 for unknown API paths', async () => {
    const res = await t.client().get('/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ statusCode: 404, statusMessage: 'Не найдено' });
    expect(res.body.data).toMatchObject({ code: 'not_found', statusMessage: 'Не найдено' });
  });

  it('says generic errors in the reader\'s language, a route\'s own text as it is', async () => {
    const en = { headers: { 'accept-language': 'en-GB,en;q=0.9' } };
    expect((await t.client().request('GET', '/api/does/not/exist', en)).body.statusMessage).toBe('Not found');
    expect((await t.client().request('GET', '/api/user/me', en)).body.statusMessage).toBe('Please sign in');
    expect((await t.client().get('/api/user/me')).body.statusMessage).toBe('Нужно войти');
    const login = await t.client().post('/api/auth/login', { email: uniqueEmail(), password: 'wrong-password-1' });
    expect(login.status).toBe(401);
    expect(login.body.statusMessage).toBe('Invalid e-mail or password');
  });

  it('answers 401 in the same shape for a private call', async () => {
    const res = await t.client().get('/api/user/me');
    expect(res.status).toBe(401);
    expect(errorBodySchema.parse(res.body).statusCode).toBe(401);
  });

  it('answers 405 for a wrong method on a known path', async () => {
    const res = await t.client().request('DELETE', '/api/user/me');
    expect(res.status).toBe(405);
    expect(res.body.statusCode).toBe(405);
  });

  it('rejects malformed JSON with 400 and no stack trace', async () => {
    const res = await t.client().request('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(/);
  });

  it('limits the body size (413)', async () => {
    const res = await t.client().post('/api/auth/login', { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.statusCode).toBe(413);
  });
});

describe('CSRF protection', () => {
  const body = () => ({ email: uniqueEmail(), password: 'pass-word-1', name: 'X' });

  it('refuses a cross-site state change and writes nothing', async () => {
    const payload = body();
    const bySite = await t.client().post('/api/auth/register', payload, { 'sec-fetch-site': 'cross-site' });
    expect(bySite.status).toBe(403);
    expect(bySite.body).toMatchObject({ statusCode: 403, data: { code: 'csrf' } });
    const byOrigin = await t.client().post('/api/auth/register', payload, { origin: 'https://evil.example' });
    expect(byOrigin.status).toBe(403);
    expect(await t.sql('select 1 from users where email = ?', [payload.email])).toEqual([]);
  });

  it('allows same-origin calls and clients that send no browser headers', async () => {
    expect((await t.client().post('/api/auth/register', body(), { origin: 'http://tracker.test', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await t.client().post('/api/auth/register', body(), { origin: t.url })).status).toBe(201);
    expect((await t.client().post('/api/auth/register', body())).status).toBe(201);
  });

  it('does not apply to safe methods', async () => {
    expect((await t.client().get('/api/health', { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('sets a CSP that lets Telegram frame the app, and no X-Frame-Options', async () => {
    const res = await t.client().get('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://web.telegram.org");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
