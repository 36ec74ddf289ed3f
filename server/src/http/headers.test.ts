// Response headers of issue 11, L6: signed-in JSON is never stored, a Permissions-Policy, and
// styles only from our own files (CSP without 'unsafe-inline' outside the debug console).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestUser } from '../test/fixtures.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { PERMISSIONS_POLICY, securityHeaders } from '../web/security.ts';

let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  user = await createUser(t);
  await createIssue(t, await createProject(t, { ownerId: user.id }));
});
afterAll(() => t.close());

/** The headers the middleware sets for one request. */
async function headersOf(options: { secure: boolean; debug?: boolean }): Promise<Record<string, string>> {
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value) } as unknown as ServerResponse;
  await securityHeaders(options)({ res, req: {} as IncomingMessage } as Context, async () => {});
  return set;
}

describe('Cache-Control of JSON', () => {
  it('is no-store for a signed-in caller', async () => {
    for (const path of ['/api/user/me', '/api/projects', '/api/search?q=x']) {
      const res = await user.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('is private and revalidated on reads with an ETag, so the browser asks If-None-Match and no proxy keeps them', async () => {
    const issue = (await user.client.get('/api/issues')).body.issues[0] as { key: string };
    for (const path of ['/api/issues', `/api/issues/${issue.key}`]) {
      const res = await user.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('etag'), path).toMatch(/^"[\w.-]+"$/);
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    }
  });

  it('is no-store on the sign-in answer that starts the session', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/login', { email: user.email, password: 'correct horse' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves public, anonymous answers and routes with their own policy alone', async () => {
    expect((await t.client().get('/api/blog/posts')).headers.get('cache-control')).toBeNull();
    expect((await user.client.get('/api/icons?icons=lucide:house')).headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

describe('security headers', () => {
  it('send a Permissions-Policy on API answers and pages', async () => {
    for (const path of ['/api/health', '/', '/api/nope']) {
      expect((await t.client().get(path)).headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
  });

  it("allow styles only from our own files, except for the debug console", async () => {
    const csp = (await t.client().get('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    expect((await headersOf({ secure: false, debug: true }))['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect((await headersOf({ secure: false }))['content-security-policy']).not.toContain('unsafe-inline');
  });
});
