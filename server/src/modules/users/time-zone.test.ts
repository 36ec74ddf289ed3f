// The user as the API gives it carries the profile's time zone, or null while there is none (the web
// app then counts days in the browser's): on every path a user is read by, whether the session's
// statement, a token's, a sign-in's entity or a page's boot data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let me: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  me = await createUser(t, { name: 'Zoned' });
});
afterAll(() => t.close());

const settings = { assigned: true, mentioned: true, statusChanged: true, dueSoon: true, quietFrom: null, quietTo: null, timeZone: 'Asia/Vladivostok' };

describe('the profile’s time zone in the user', () => {
  it('is null until one is chosen, then the chosen one on every path', async () => {
    expect((await me.client.get('/api/user/me')).body.user.time_zone).toBeNull();
    expect((await me.client.request('PUT', '/api/user/notification-settings', { json: settings })).status).toBe(200);
    expect((await me.client.get('/api/user/me')).body.user.time_zone).toBe('Asia/Vladivostok');

    const login = await t.client().post('/api/auth/login', { email: me.email, password: 'correct horse' });
    expect(login.body.user.time_zone).toBe('Asia/Vladivostok');

    const { token } = (await me.client.post('/api/tokens', { name: 'zone', scope: 'read' })).body;
    const byToken = await fetch(`${t.url}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await byToken.json()) as any).user.time_zone).toBe('Asia/Vladivostok');
  });
});
