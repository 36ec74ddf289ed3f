// Regression tests for what an outside test tried (issue 11): hostile input is refused in the
// reader's language with i18n keys, never reflected as markup, never followed off-site or outside
// the folders it names, and never made into SQL.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestUser } from '../test/fixtures.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';

const dist = mkdtempSync(path.join(os.tmpdir(), 'tracker-hostile-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><head><!--app-boot--><!--app-locale--><title>T</title></head><body><div id="root"></div></body></html>');

let t: TestServer;
let user: TestUser;
beforeAll(async () => {
  t = await createTestServer({ WEB_DIST: dist, EXTERNAL_REDIRECT_HOSTS: 'docs.example.org' });
  user = await createUser(t);
  const project = await createProject(t, { ownerId: user.id });
  for (let n = 0; n < 3; n++) await createIssue(t, project, { title: `Row ${n}` });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** node:http, because fetch refuses TRACE. */
function raw(method: string, p: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: p, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('validation errors', () => {
  it('carry i18n keys for every issue and a statusMessage in the reader language', async () => {
    const ru = await t.client().get('/api/blog/posts?page=0&lang=xx');
    expect(ru.status).toBe(400);
    expect(ru.body.statusMessage).toBe('Проверьте введённые данные');
    expect(ru.body.data.issues.map((i: { message: string }) => i.message).sort()).toEqual(['validation.invalid', 'validation.min']);
    const en = await t.client().get('/api/blog/posts?page=0', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(en.body).toMatchObject({ statusMessage: 'Check the data you entered', data: { code: 'validation', issues: [{ path: ['page'], message: 'validation.min' }] } });
  });

  it('refuse NUL, ids beyond int4 and year-0 dates with their own keys', async () => {
    const c = user.client;
    const keys = async (res: Promise<{ status: number; body: { data: { issues: { message: string }[] } } }>) => {
      const r = await res;
      expect(r.status).toBe(400);
      return r.body.data.issues.map((i) => i.message);
    };
    expect(await keys(c.get('/api/search?q=a%00b'))).toEqual(['validation.invalidCharacter']);
    expect(await keys(c.get('/api/streams/2147483648'))).toEqual(['validation.max']);
    expect(await keys(c.get('/api/issues?dueFrom=0000-01-01'))).toEqual(['validation.dateRange']);
    expect(await keys(c.get('/api/issues?label=1,2147483648'))).toEqual(['validation.max']);
  });

  it('refuse a forged cursor and keep a real one', async () => {
    const first = await user.client.get('/api/issues?limit=1');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect((await user.client.get(`/api/issues?limit=1&cursor=${first.body.nextCursor}`)).status).toBe(200);
    const [payload] = String(first.body.nextCursor).split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'updated:desc', v: ['0000-01-01T00:00:00Z'], id: 1 })).toString('base64url');
    for (const cursor of [forged, `${forged}.${first.body.nextCursor.split('.')[1]}`, payload]) {
      expect((await user.client.get(`/api/issues?limit=1&cursor=${cursor}`)).status).toBe(400);
    }
  });
});

describe('requests the server cannot read', () => {
  it('answers 405 with Allow for methods it does not implement', async () => {
    for (const p of ['/api/user/me', '/', '/blog']) {
      const res = await raw('TRACE', p);
      expect(res.status, p).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(JSON.parse(res.body)).toMatchObject({ statusCode: 405, data: { code: 'method_not_allowed' } });
    }
  });

  it('answers 400 for a body that is not the gzip it claims, 415 for an unknown encoding', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await raw('POST', '/api/auth/login', { ...json, 'content-encoding': 'gzip' }, 'not gzip')).status).toBe(400);
    expect((await raw('POST', '/api/auth/login', { ...json, 'content-encoding': 'x-unknown' }, '{}')).status).toBe(415);
    const good = await raw('POST', '/api/auth/login', { ...json, 'content-encoding': 'gzip' }, gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'x' })));
    expect(good.status).toBe(401);
  });

  it('answers 404 for NUL in page paths and 400 for a NUL blog filter', async () => {
    expect((await t.client().get('/blog/%00')).status).toBe(404);
    expect((await t.client().get('/en/blog/a%00')).status).toBe(404);
    expect((await t.client().get('/blog?tag=%00')).status).toBe(400);
    expect((await t.client().get('/api/blog/posts/%00')).status).toBe(404);
  });
});

describe('no markup, redirect or path from input', () => {
  it('never reflects markup in error bodies', async () => {
    const xss = '<script>alert(1)</script>';
    const api = await t.client().get(`/api/${encodeURIComponent(xss)}?q=${encodeURIComponent(xss)}`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const validation = await user.client.post('/api/projects', { key: xss, name: xss });
    expect(validation.status).toBe(400);
    expect(JSON.stringify(validation.body)).not.toContain('<script');
    const page = await t.client().get(`/${encodeURIComponent(xss)}`);
    expect(page.status).toBe(404);
    expect(page.body).not.toContain('<script>alert');
  });

  it('never resolves a navigation redirect to another site', async () => {
    for (const p of ['//evil.example', '/\\evil.example', 'https://evil.example', '/%2F%2Fevil.example', '\u0000//evil.example']) {
      const res = await t.client().get(`/api/navigation/redirect?path=${encodeURIComponent(p)}`);
      expect([200, 400], p).toContain(res.status);
      if (res.status === 200) expect(res.body, p).toEqual({ to: null });
    }
  });

  it('never serves a file outside its folder', async () => {
    const probes = [
      '/assets/..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/..%2F..%2F..%2F..%2Fetc%2Fpasswd.txt',
      '/api/attachments/..%2F..%2Fetc%2Fpasswd',
      '/api/blog/images/..%2F..%2F..%2F/320.webp',
      '/api/avatars/..%2F..%2Fetc%2Fpasswd-64.webp',
    ];
    for (const p of probes) {
      const res = await user.client.get(p);
      expect([400, 403, 404], p).toContain(res.status);
      expect(String(JSON.stringify(res.body)), p).not.toContain('root:');
    }
  });

  it('answers SQL-looking searches like any other text', async () => {
    for (const q of ["' or 1=1 --", "'; drop table issues; --", '%_\\', 'Row 1) or (1=1', "$$ select pg_sleep(5) $$"]) {
      for (const p of [`/api/search?q=${encodeURIComponent(q)}`, `/api/issues?q=${encodeURIComponent(q)}`, `/api/users?q=${encodeURIComponent(q)}`]) {
        const res = await user.client.get(p);
        expect(res.status, p).toBe(200);
      }
    }
    expect((await t.sql('select count(*)::int as n from issues'))[0]).toEqual({ n: 3 });
  });
});
