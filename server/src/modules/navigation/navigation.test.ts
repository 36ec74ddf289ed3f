import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ EXTERNAL_REDIRECT_HOSTS: 'docs.example.org' });
  await t.sql(`insert into redirects (from_path, "to", permanent, enabled) values
    ('/old-issues', '/issues', true, true),
    ('/docs', 'https://docs.example.org/start', false, true),
    ('/evil', 'https://evil.example.com/', false, true),
    ('/off', '/issues', false, false)`);
});
afterAll(() => t.close());

const resolve = async (path: string) => (await t.client().get(`/api/navigation/redirect?path=${encodeURIComponent(path)}`)).body;

describe('GET /api/navigation/redirect', () => {
  it('answers { to: null } when no rule applies', async () => {
    expect(await resolve('/issues')).toEqual({ to: null });
    expect(await resolve('/off')).toEqual({ to: null });
  });

  it('returns internal targets, keeping the language for the /en twin', async () => {
    expect(await resolve('/old-issues')).toEqual({ to: '/issues', external: false, permanent: true });
    expect(await resolve('/en/old-issues')).toEqual({ to: '/en/issues', external: false, permanent: true });
  });

  it('returns external targets only for allowed hosts', async () => {
    expect(await resolve('/docs')).toEqual({ to: 'https://docs.example.org/start', external: true, permanent: false });
    expect(await resolve('/evil')).toEqual({ to: null });
  });

  it('answers a blog path whose slug decodes to NUL with no rule, not a database error', async () => {
    expect(await resolve('/blog/%00')).toEqual({ to: null });
    expect(await resolve('/en/blog/a%00')).toEqual({ to: null });
  });

  it('validates the path', async () => {
    const res = await t.client().get('/api/navigation/redirect?path=nope');
    expect(res.status).toBe(400);
    expect((await t.client().get('/api/navigation/redirect')).status).toBe(400);
  });
});
