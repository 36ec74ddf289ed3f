// Issue 25: a page still open for one account, after another account of the device took the shared
// cookie, names its own user in `X-Session-User` and is refused: its queued edit is never applied as
// the other account, and its event stream never carries the other account's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, signIn, type TestUser } from '../test/fixtures.ts';
import { createTestServer, uniqueEmail, type TestServer } from '../test/harness.ts';

let t: TestServer;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  a = await createUser(t, { name: 'Anna' });
  b = await createUser(t, { name: 'Boris' });
});
afterAll(() => t.close());

describe('X-Session-User', () => {
  it('passes when it names the session\'s user, and refuses a session of anyone else (401 session_changed, in the reader\'s language)', async () => {
    const project = await createProject(t, { ownerId: a.id, members: [{ userId: b.id, role: 'member' }] });
    const issue = await createIssue(t, project, { title: 'Before' });
    // The device's cookie is B's now; A's page still sends A's queued edit.
    const asA = { 'x-session-user': String(a.id) };
    const refused = await b.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Queued by A' }, headers: asA });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ statusCode: 401, statusMessage: 'На этом устройстве вошёл другой аккаунт: откройте приложение заново', data: { code: 'session_changed' } });
    const english = await b.client.request('GET', '/api/issues', { headers: { ...asA, 'accept-language': 'en' } });
    expect(english.body.statusMessage).toBe('Another account signed in on this device: open the app again');
    expect(await t.sql('select title from issues where id = ?', [issue.id])).toEqual([{ title: 'Before' }]);

    // B's own page, and a caller that names nobody, go on as before.
    const own = await b.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'By B' }, headers: { 'x-session-user': String(b.id) } });
    expect(own.status).toBe(200);
    expect((await b.client.get('/api/user/me')).body.user.id).toBe(b.id);
  });

  it('is read from the query of the event streams, which cannot send headers', async () => {
    const stream = await b.client.get(`/api/sync/stream?since=999999999&session_user=${a.id}`);
    expect(stream.status).toBe(401);
    expect(stream.body.data.code).toBe('session_changed');
    // Any other route ignores it in the query.
    expect((await b.client.get(`/api/user/me?session_user=${a.id}`)).status).toBe(200);
  });

  it('does not stand in the way of signing in or out, which change who the session is', async () => {
    const c = t.client();
    const id = await signIn(t, c, uniqueEmail('switch'));
    const header = { 'x-session-user': String(a.id) };
    expect((await c.request('POST', '/api/auth/logout', { headers: header })).status).toBe(204);
    const email = uniqueEmail('switch2');
    await t.sql(`delete from rate_limits where key like 'register:%'`);
    const reg = await c.request('POST', '/api/auth/register', { json: { email, password: 'correct horse', name: 'New' }, headers: { 'x-session-user': String(id) } });
    expect(reg.status).toBe(201);
  });
});
