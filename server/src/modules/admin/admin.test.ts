import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsSchema, adminUsersResponseSchema } from '@tracker/shared/api/admin';
import { createIssue, createProject, createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestServer({ EXTERNAL_REDIRECT_HOSTS: 'docs.example.org' });
  admin = await createUser(t, { admin: true, name: 'Admin Person' });
  user = await createUser(t, { name: 'Plain Person' });
});
afterAll(() => t.close());

/** Every route the app's routers hold (method, path), read from the mounted @koa/router instances. */
function mountedRoutes(): [string, string][] {
  const out: [string, string][] = [];
  for (const mw of t.app.middleware as { router?: { stack: { path: string; methods: string[] }[] } }[]) {
    for (const layer of mw.router?.stack ?? []) for (const m of layer.methods) if (m !== 'HEAD') out.push([m, layer.path]);
  }
  return out;
}

describe('admin endpoints are for admins only', () => {
  it('answers 401 to visitors and 403 to non-admins on every mounted /api/admin route, today\'s and future ones', async () => {
    const routes = mountedRoutes().filter(([, path]) => path.startsWith('/api/admin'));
    expect(routes.length).toBeGreaterThan(20);
    for (const [method, pattern] of routes) {
      const path = pattern.replace(/:[a-z]+/gi, '1');
      const body = method === 'GET' ? {} : { json: {} };
      const visitor = await t.client().request(method, path, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      const plain = await user.client.request(method, path, body);
      expect(plain.status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers 401 to visitors and 403 to signed-in non-admins, changing nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${user.id}`, { admin: true }],
      ['GET', '/api/admin/redirects'],
      ['POST', '/api/admin/redirects', { fromPath: '/x', to: '/issues' }],
      ['PUT', '/api/admin/redirects/1', { fromPath: '/x', to: '/issues' }],
      ['DELETE', '/api/admin/redirects/1'],
      ['GET', '/api/admin/redirect-hosts'],
      ['POST', '/api/admin/redirect-hosts', { host: 'evil.example' }],
      ['DELETE', '/api/admin/redirect-hosts/docs.example.org'],
      ['GET', '/api/admin/blog/posts'],
      ['POST', '/api/admin/blog/posts', { slug: 'x', versions: { ru: { title: 'x' } } }],
      ['GET', '/api/admin/blog/posts/1'],
      ['PUT', '/api/admin/blog/posts/1', { slug: 'x', versions: { ru: { title: 'x' } } }],
      ['DELETE', '/api/admin/blog/posts/1'],
      ['POST', '/api/admin/blog/images'],
    ];
    for (const [method, path, json] of routes) {
      expect((await t.client().request(method, path, { json })).status, `${method} ${path}`).toBe(401);
      const res = await user.client.request(method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.data.code).toBe('forbidden');
    }
    expect(await t.sql('select roles from users where id = ?', [user.id])).toEqual([{ roles: [] }]);
    expect(await t.sql('select * from redirects')).toEqual([]);
    expect(await t.sql('select * from redirect_hosts')).toEqual([]);
  });
});

describe('dashboard', () => {
  it('counts users, projects, issues and posts, with 30 days of sign-ups and issues', async () => {
    const project = await createProject(t, { ownerId: admin.id });
    await createIssue(t, project);
    await createIssue(t, project);
    await t.sql(`update users set created_at = now() - interval '3 days' where id = ?`, [user.id]);
    const res = await admin.client.get('/api/admin/stats');
    expect(res.status).toBe(200);
    const stats = adminStatsSchema.parse(res.body);
    expect(stats.counts).toEqual({ users: 2, projects: 1, issues: 2, posts: 0 });
    expect(stats.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(stats.daily.at(-1)).toEqual({ date: today, signups: 1, issues: 2 });
    expect(stats.daily.find((d) => d.date === threeDaysAgo)?.signups).toBe(1);
    expect(stats.daily.reduce((n, d) => n + d.signups, 0)).toBe(2);
  });
});

describe('users', () => {
  it('searches by name or e-mail', async () => {
    const res = adminUsersResponseSchema.parse((await admin.client.get('/api/admin/users?q=plain')).body);
    expect(res.users.map((u) => u.id)).toEqual([user.id]);
    expect(res.users[0]).toMatchObject({ email: user.email, roles: [], blockedAt: null });
    const all = adminUsersResponseSchema.parse((await admin.client.get('/api/admin/users')).body);
    expect(all.total).toBe(2);
  });

  it('grants and revokes admin', async () => {
    const other = await createUser(t, { name: 'Future Admin' });
    const granted = await admin.client.request('PATCH', `/api/admin/users/${other.id}`, { json: { admin: true } });
    expect(granted.body.user.roles).toEqual(['admin']);
    expect((await other.client.get('/api/admin/stats')).status).toBe(200);
    await admin.client.request('PATCH', `/api/admin/users/${other.id}`, { json: { admin: false } });
    expect((await other.client.get('/api/admin/stats')).status).toBe(403);
  });

  it('blocks: sessions end, sign-in is refused with a clear message; unblocking lets them back', async () => {
    const victim = await createUser(t, { name: 'Blocked Person' });
    const second = t.client();
    expect((await second.post('/api/auth/login', { email: victim.email, password: 'correct horse' })).status).toBe(200);
    expect((await t.sql('select count(*)::int as n from sessions where user_id = ?', [victim.id]))[0]).toEqual({ n: 2 });

    const res = await admin.client.request('PATCH', `/api/admin/users/${victim.id}`, { json: { blocked: true } });
    expect(res.status).toBe(200);
    expect(res.body.user.blockedAt).not.toBeNull();
    expect((await t.sql('select count(*)::int as n from sessions where user_id = ?', [victim.id]))[0]).toEqual({ n: 0 });
    expect((await victim.client.get('/api/user/me')).status).toBe(401);
    expect((await second.get('/api/user/me')).status).toBe(401);

    const login = await t.client().post('/api/auth/login', { email: victim.email, password: 'correct horse' });
    expect(login.status).toBe(403);
    expect(login.body.data.code).toBe('account_blocked');
    expect(login.body.statusMessage).toBe('This account has been blocked by an administrator');
    // A wrong password still says only "invalid", so blocking reveals nothing to a guesser.
    expect((await t.client().post('/api/auth/login', { email: victim.email, password: 'wrong password' })).body.data.code).toBe('invalid_credentials');

    await admin.client.request('PATCH', `/api/admin/users/${victim.id}`, { json: { blocked: false } });
    expect((await t.client().post('/api/auth/login', { email: victim.email, password: 'correct horse' })).status).toBe(200);
  });

  it('treats a blocked user with a surviving session as signed out', async () => {
    const sneaky = await createUser(t);
    await t.sql('update users set blocked_at = now() where id = ?', [sneaky.id]);
    expect((await sneaky.client.get('/api/user/me')).status).toBe(401);
  });

  it('does not let an admin lock themselves out', async () => {
    const res = await admin.client.request('PATCH', `/api/admin/users/${admin.id}`, { json: { blocked: true } });
    expect(res.status).toBe(400);
    expect((await admin.client.request('PATCH', `/api/admin/users/${admin.id}`, { json: { admin: false } })).status).toBe(400);
    expect((await admin.client.get('/api/admin/stats')).status).toBe(200);
  });
});

describe('redirects', () => {
  const add = (json: unknown) => admin.client.post('/api/admin/redirects', json);
  const resolve = async (path: string) => (await t.client().get(`/api/navigation/redirect?path=${encodeURIComponent(path)}`)).body;

  it('creates rules the navigation endpoint follows at once', async () => {
    const res = await add({ fromPath: '/old-home', to: '/projects', permanent: true });
    expect(res.status).toBe(201);
    expect(res.body.redirect).toMatchObject({ fromPath: '/old-home', to: '/projects', permanent: true, enabled: true, external: false });
    expect(await resolve('/old-home')).toEqual({ to: '/projects', external: false, permanent: true });
    expect(await resolve('/en/old-home')).toEqual({ to: '/en/projects', external: false, permanent: true });
  });

  it('refuses loops, direct and through other rules, and leaves the table as it was', async () => {
    const self = await add({ fromPath: '/a', to: '/a' });
    expect(self.status).toBe(400);
    expect(self.body.data.issues[0]).toMatchObject({ path: ['to'], message: 'admin.validation.redirectLoop' });
    expect((await add({ fromPath: '/a', to: '/b' })).status).toBe(201);
    expect((await add({ fromPath: '/b', to: '/c' })).status).toBe(201);
    const loop = await add({ fromPath: '/c', to: '/a' });
    expect(loop.status).toBe(400);
    expect(loop.body.data.issues[0].message).toBe('admin.validation.redirectLoop');
    // Through the language twin: /en/c → /en/a (rule for /a applies) → /en/b → /en/c.
    expect((await add({ fromPath: '/en/c', to: '/en/a' })).status).toBe(400);
    // Editing an existing rule into a loop is refused too.
    const rules = (await admin.client.get('/api/admin/redirects')).body.redirects as { id: number; fromPath: string }[];
    const b = rules.find((r) => r.fromPath === '/b')!;
    expect((await admin.client.request('PUT', `/api/admin/redirects/${b.id}`, { json: { fromPath: '/b', to: '/a' } })).status).toBe(400);
    expect((await t.sql(`select "to" from redirects where from_path = '/b'`))[0]).toEqual({ to: '/c' });
    // A disabled rule cannot loop.
    expect((await add({ fromPath: '/c', to: '/a', enabled: false })).status).toBe(201);
  });

  it('refuses a duplicate source path', async () => {
    const dup = await add({ fromPath: '/old-home', to: '/issues' });
    expect(dup.status).toBe(400);
    expect(dup.body.data.issues[0].message).toBe('admin.validation.redirectTaken');
  });

  it('accepts external targets only on allowed hosts, and the allow-list is managed here', async () => {
    const refused = await add({ fromPath: '/out', to: 'https://evil.example.com/x' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.issues[0]).toMatchObject({ path: ['to'], message: 'admin.validation.hostNotAllowed' });
    expect((await add({ fromPath: '/js', to: 'javascript:alert(1)' })).status).toBe(400);
    expect((await add({ fromPath: '/docs', to: 'https://docs.example.org/start' })).status).toBe(201);

    expect((await admin.client.post('/api/admin/redirect-hosts', { host: 'Blog.Example.com' })).status).toBe(201);
    const hosts = (await admin.client.get('/api/admin/redirect-hosts')).body;
    expect(hosts).toMatchObject({ hosts: [{ host: 'blog.example.com' }], configured: ['docs.example.org'] });
    expect((await add({ fromPath: '/out', to: 'https://blog.example.com/hello' })).status).toBe(201);
    expect(await resolve('/out')).toEqual({ to: 'https://blog.example.com/hello', external: true, permanent: false });

    // Removing the host stops the redirect without deleting the rule.
    expect((await admin.client.request('DELETE', '/api/admin/redirect-hosts/blog.example.com')).status).toBe(204);
    expect(await resolve('/out')).toEqual({ to: null });
    const gone = await admin.client.request('DELETE', '/api/admin/redirect-hosts/blog.example.com');
    expect(gone.body).toMatchObject({ statusCode: 404, statusMessage: 'Хост не найден', data: { code: 'not_found' } });
    expect((await admin.client.post('/api/admin/redirect-hosts', { host: 'not a host!' })).status).toBe(400);
  });

  it('deletes rules', async () => {
    const rules = (await admin.client.get('/api/admin/redirects')).body.redirects as { id: number; fromPath: string }[];
    const rule = rules.find((r) => r.fromPath === '/old-home')!;
    expect((await admin.client.request('DELETE', `/api/admin/redirects/${rule.id}`)).status).toBe(204);
    expect(await resolve('/old-home')).toEqual({ to: null });
  });
});
