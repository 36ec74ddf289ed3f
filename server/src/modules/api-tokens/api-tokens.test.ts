import { apiTokensResponseSchema, createApiTokenResponseSchema, API_TOKEN_PATTERN, API_TOKENS_PER_USER } from '@tracker/shared/api/api-tokens';
import { errorBodySchema } from '@tracker/shared/errors';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let me: TestUser;
let other: TestUser;
let mine: TestProject;
let hidden: TestProject;

beforeAll(async () => {
  t = await createTestServer();
  me = await createUser(t, { name: 'Me' });
  other = await createUser(t, { name: 'Other' });
  mine = await createProject(t, { ownerId: me.id });
  hidden = await createProject(t, { ownerId: other.id });
  await createIssue(t, mine, { title: 'mine visible' });
  await createIssue(t, hidden, { title: 'secret of other' });
});
afterAll(() => t.close());

const make = async (who: TestUser, body: Record<string, unknown> = { name: 'script', scope: 'read' }) => {
  const res = await who.client.post('/api/tokens', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return createApiTokenResponseSchema.parse(res.body);
};

/** A call with only the token: no cookie jar. */
const bearer = async (token: string, method: string, path: string, options: { json?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await fetch(t.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(options.json !== undefined && { 'content-type': 'application/json' }), ...options.headers },
    body: options.json !== undefined ? JSON.stringify(options.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as any) : null };
};

const expectError = (res: { status: number; body: unknown }, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = errorBodySchema.parse(res.body);
  expect(body.statusCode).toBe(status);
  expect(body.data).toMatchObject({ code });
  expect(body.statusMessage.length).toBeGreaterThan(5);
  return body;
};

describe('managing tokens in a session', () => {
  it('creates a token shown once, lists it without the secret, revokes it', async () => {
    const created = await make(me, { name: 'CI export', scope: 'write', expiresAt: '2099-01-01T00:00:00Z' });
    expect(created.token).toMatch(API_TOKEN_PATTERN);
    expect(created.id).toBe(created.apiToken.id);
    expect(created.apiToken).toMatchObject({ name: 'CI export', scope: 'write', expiresAt: '2099-01-01T00:00:00.000Z', lastUsedAt: null });

    const list = await me.client.get('/api/tokens');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.token.slice(4));
    const listed = apiTokensResponseSchema.parse(list.body).tokens.find((x) => x.id === created.id);
    expect(listed).toEqual(created.apiToken);
    // Only a hash is stored.
    const [row] = await t.sql<{ token_hash: string }>('select token_hash from api_tokens where id = ?', [created.id]);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(created.token);

    const del = await me.client.request('DELETE', `/api/tokens/${created.id}`);
    expect(del.status).toBe(204);
    const after = apiTokensResponseSchema.parse((await me.client.get('/api/tokens')).body).tokens;
    expect(after.map((x) => x.id)).not.toContain(created.id);
    expectError(await me.client.request('DELETE', `/api/tokens/${created.id}`), 404, 'not_found');
  });

  it("does not show or revoke someone else's token", async () => {
    const theirs = await make(other);
    const mineList = apiTokensResponseSchema.parse((await me.client.get('/api/tokens')).body).tokens;
    expect(mineList.map((x) => x.id)).not.toContain(theirs.id);
    expectError(await me.client.request('DELETE', `/api/tokens/${theirs.id}`), 404, 'not_found');
    expect((await bearer(theirs.token, 'GET', '/api/user/me')).status).toBe(200);
  });

  it('caps the live tokens one person holds (409, nothing stored)', async () => {
    const hoarder = await createUser(t);
    await t.sql(
      `insert into api_tokens (user_id, name, scope, token_hash) select ?, 'n' || g, 'read', md5(random()::text) || md5(random()::text) from generate_series(1, ?) g`,
      [hoarder.id, API_TOKENS_PER_USER],
    );
    const refused = expectError(await hoarder.client.post('/api/tokens', { name: 'one more', scope: 'read' }), 409, 'conflict');
    expect(refused.statusMessage).toContain(`${API_TOKENS_PER_USER} API-токенов`);
    const [count] = await t.sql<{ n: number }>('select count(*)::int as n from api_tokens where user_id = ?', [hoarder.id]);
    expect(count!.n).toBe(API_TOKENS_PER_USER);
    // A revoked one frees a place.
    await t.sql('update api_tokens set revoked_at = now() where id = (select min(id) from api_tokens where user_id = ?)', [hoarder.id]);
    expect((await hoarder.client.post('/api/tokens', { name: 'one more', scope: 'read' })).status).toBe(201);
  });

  it('refuses bad input with the validation shape and without a session', async () => {
    expectError(await me.client.post('/api/tokens', { name: '', scope: 'read' }), 400, 'validation');
    expectError(await me.client.post('/api/tokens', { name: 'x', scope: 'admin' }), 400, 'validation');
    expectError(await me.client.post('/api/tokens', { name: 'x', scope: 'read', expiresAt: '2001-01-01T00:00:00Z' }), 400, 'validation');
    expectError(await me.client.post('/api/tokens', { name: 'x'.repeat(101), scope: 'read' }), 400, 'validation');
    expectError(await me.client.request('DELETE', '/api/tokens/abc'), 400, 'validation');
    expectError(await t.client().post('/api/tokens', { name: 'x', scope: 'read' }), 401, 'unauthorized');
    expectError(await t.client().get('/api/tokens'), 401, 'unauthorized');
  });
});

describe('Authorization: Bearer', () => {
  it('lists issues with the real curl binary', async () => {
    const { token } = await make(me, { name: 'curl', scope: 'read' });
    const { execFile } = await import('node:child_process');
    const hasCurl = await new Promise<boolean>((resolve) => execFile('curl', ['--version'], (err) => resolve(!err)));
    let status: number;
    let headers: string;
    let body: any;
    if (hasCurl) {
      const out = await new Promise<string>((resolve, reject) =>
        execFile('curl', ['-sS', '-i', '-H', `Authorization: Bearer ${token}`, `${t.url}/api/issues?project=${mine.key}`], (err, stdout) => (err ? reject(err) : resolve(stdout))),
      );
      const split = out.indexOf('\r\n\r\n');
      headers = out.slice(0, split);
      status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(headers)![1]);
      body = JSON.parse(out.slice(split + 4));
    } else {
      const res = await bearer(token, 'GET', `/api/issues?project=${mine.key}`);
      status = res.status;
      headers = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\r\n');
      body = res.body;
    }
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.issues.map((i: { title: string }) => i.title)).toEqual(['mine visible']);
    expect(headers.toLowerCase()).not.toContain('set-cookie');
  });

  it('acts as the owner, and sets no cookie even when one is sent', async () => {
    const { token } = await make(me);
    const cookie = [...me.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await bearer(token, 'GET', '/api/user/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(me.id);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The other user's cookie with my token: the token decides who calls.
    const otherCookie = [...other.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const mixed = await bearer(token, 'GET', '/api/user/me', { headers: { cookie: otherCookie } });
    expect(mixed.body.user.id).toBe(me.id);
    expect(mixed.headers.getSetCookie()).toEqual([]);
  });

  it('never renews a session cookie it carries, where a browser call would', async () => {
    const user = await createUser(t);
    const { token } = await make(user);
    const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // A session close to its end is renewed (a new Set-Cookie) on the next call that reads it.
    const nearEnd = () => t.sql(`update sessions set data = jsonb_set(data, '{_expire}', to_jsonb(?::bigint)) where user_id = ?`, [Date.now() + 60_000, user.id]);
    await nearEnd();
    const browser = await fetch(`${t.url}/api/user/me`, { headers: { cookie } });
    expect(browser.headers.getSetCookie().length).toBeGreaterThan(0);
    await nearEnd();
    const script = await bearer(token, 'GET', '/api/user/me', { headers: { cookie } });
    expect(script.status).toBe(200);
    expect(script.headers.getSetCookie()).toEqual([]);
  });

  it('refuses writes with a read token (403), in the caller’s language', async () => {
    const { token } = await make(me, { name: 'ro', scope: 'read' });
    const ru = expectError(await bearer(token, 'POST', '/api/issues', { json: { projectId: mine.id, title: 'nope' } }), 403, 'token_scope');
    expect(ru.statusMessage).toContain('только для чтения');
    const en = expectError(await bearer(token, 'POST', '/api/issues', { json: { projectId: mine.id, title: 'nope' }, headers: { 'accept-language': 'en' } }), 403, 'token_scope');
    expect(en.statusMessage).toContain('read-only');
    const [count] = await t.sql<{ n: number }>(`select count(*)::int as n from issues where title = 'nope'`);
    expect(count!.n).toBe(0);
  });

  it('writes with a write token and needs no CSRF check, where a cookie session does', async () => {
    const { token } = await make(me, { name: 'rw', scope: 'write' });
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const res = await bearer(token, 'POST', '/api/issues', { json: { projectId: mine.id, title: 'from a script' }, headers: crossSite });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.getSetCookie()).toEqual([]);
    expectError(await me.client.post('/api/issues', { projectId: mine.id, title: 'forged' }, crossSite), 403, 'csrf');
  });

  it('cannot manage tokens or the account: those need a session', async () => {
    const { token } = await make(me, { name: 'rw2', scope: 'write' });
    expect((await bearer(token, 'GET', '/api/tokens')).status).toBe(200);
    expectError(await bearer(token, 'POST', '/api/tokens', { json: { name: 'more', scope: 'write' } }), 403, 'session_required');
    const listed = apiTokensResponseSchema.parse((await me.client.get('/api/tokens')).body).tokens;
    expectError(await bearer(token, 'DELETE', `/api/tokens/${listed[0]!.id}`), 403, 'session_required');
    expectError(await bearer(token, 'POST', '/api/user/change-password/' + me.id, { json: { currentPassword: 'correct horse', newPassword: 'another horse 1' } }), 403, 'session_required');
    expectError(await bearer(token, 'POST', '/api/auth/logout'), 403, 'session_required');
  });

  it('answers 401 with the error shape for garbage, unknown, revoked and expired tokens', async () => {
    for (const value of ['garbage', 'trk_short', '', `trk_${'A'.repeat(43)}`]) {
      const res = await fetch(`${t.url}/api/issues`, { headers: { authorization: `Bearer ${value}` } });
      const body = expectError({ status: res.status, body: await res.json() }, 401, 'token_invalid');
      expect(body.statusMessage).toContain('API-токен');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const revoked = await make(me);
    await me.client.request('DELETE', `/api/tokens/${revoked.id}`);
    const r = expectError(await bearer(revoked.token, 'GET', '/api/issues', { headers: { 'accept-language': 'en' } }), 401, 'token_invalid');
    expect(r.statusMessage).toContain('revoked');

    const expiring = await make(me, { name: 'soon', scope: 'read', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    expect((await bearer(expiring.token, 'GET', '/api/issues')).status).toBe(200);
    await t.sql(`update api_tokens set expires_at = now() - interval '1 second' where id = ?`, [expiring.id]);
    const e = expectError(await bearer(expiring.token, 'GET', '/api/issues', { headers: { 'accept-language': 'en' } }), 401, 'token_expired');
    expect(e.statusMessage).toContain('expired');
  });

  it('leaves other schemes alone', async () => {
    expectError(await t.client().get('/api/tokens', { authorization: 'Basic dXNlcjpwYXNz' }), 401, 'unauthorized');
  });

  it('shows a token only what its owner may see', async () => {
    const { token } = await make(me);
    expectError(await bearer(token, 'GET', `/api/projects/${hidden.id}`), 404, 'not_found');
    const all = await bearer(token, 'GET', '/api/issues');
    expect(all.status).toBe(200);
    expect(all.body.issues.map((i: { title: string }) => i.title)).not.toContain('secret of other');
    expect((await bearer((await make(other)).token, 'GET', `/api/projects/${hidden.id}`)).status).toBe(200);
  });
  it('reaches admin routes only for an admin owner', async () => {
    const admin = await createUser(t, { admin: true });
    const { token: adminToken } = await make(admin);
    const { token: plainToken } = await make(me);
    expect((await bearer(adminToken, 'GET', '/api/admin/stats')).status).toBe(200);
    expectError(await bearer(plainToken, 'GET', '/api/admin/stats'), 403, 'forbidden');
  });
  it("stops working when its owner is blocked", async () => {
    const victim = await createUser(t);
    const { token } = await make(victim);
    expect((await bearer(token, 'GET', '/api/issues')).status).toBe(200);
    await t.sql('update users set blocked_at = now() where id = ?', [victim.id]);
    expectError(await bearer(token, 'GET', '/api/issues'), 401, 'account_blocked');
  });

  it('records its last use at most once a minute', async () => {
    const created = await make(me);
    const lastUsed = async () => apiTokensResponseSchema.parse((await me.client.get('/api/tokens')).body).tokens.find((x) => x.id === created.id)!.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    expect((await bearer(created.token, 'GET', '/api/issues')).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000);
    // Within the minute: no write.
    await t.sql(`update api_tokens set last_used_at = now() - interval '30 seconds' where id = ?`, [created.id]);
    const thirty = await lastUsed();
    await bearer(created.token, 'GET', '/api/issues');
    expect(await lastUsed()).toBe(thirty);
    // After it: written again.
    await t.sql(`update api_tokens set last_used_at = now() - interval '2 minutes' where id = ?`, [created.id]);
    const stale = await lastUsed();
    await bearer(created.token, 'GET', '/api/issues');
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(stale!));
  });
});

describe('rate limit per token', () => {
  let limited: TestServer;
  afterAll(() => limited?.close());

  it('slows down one token only: not another token, the owner’s session or another user', async () => {
    const logged: { path?: string; apiTokenId?: number; status?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) logged.push(JSON.parse(line) as (typeof logged)[number]);
        done();
      },
    });
    limited = await createTestServer({ API_TOKEN_RATE_LIMIT: '3' }, { logger: pino({ level: 'info' }, sink) });
    const owner = await createUser(limited);
    const someone = await createUser(limited);
    const tokenOf = async (u: TestUser) => createApiTokenResponseSchema.parse((await u.client.post('/api/tokens', { name: 'x', scope: 'read' })).body).token;
    const [busy, calm, foreign] = [await tokenOf(owner), await tokenOf(owner), await tokenOf(someone)];
    const call = async (token: string) => {
      const res = await fetch(`${limited.url}/api/issues`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, headers: res.headers, body: await res.json() };
    };
    for (let i = 0; i < 3; i++) expect((await call(busy)).status).toBe(200);
    const refused = await call(busy);
    const body = expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(body.data).toMatchObject({ retryAfter: expect.any(Number) });
    expect((await call(calm)).status).toBe(200);
    expect((await call(foreign)).status).toBe(200);
    expect((await owner.client.get('/api/issues')).status).toBe(200);
    // The request log names the token of a token call (never its secret), and no token for a session call.
    const busyId = apiTokensResponseSchema.parse((await owner.client.get('/api/tokens')).body).tokens.at(-1)!.id;
    const issueCalls = logged.filter((l) => l.path === '/api/issues');
    expect(issueCalls.filter((l) => l.apiTokenId === busyId).map((l) => l.status)).toEqual([200, 200, 200, 429]);
    expect(issueCalls.at(-1)!.apiTokenId).toBeUndefined();
    expect(JSON.stringify(logged)).not.toContain(busy);
  });
});
