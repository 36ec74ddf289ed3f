import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { signUp } from '../modules/projects/test-fixtures.ts';

// A tiny built app, laid out the way `vite build` lays it out.
const dist = mkdtempSync(path.join(os.tmpdir(), 'tracker-dist-'));
const html = `<!doctype html><html lang="ru"><head><!--app-boot--><!--app-locale--><title>Tracker</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), html);
writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
const js = `console.log(${JSON.stringify('x'.repeat(5000))});`;
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), js);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
writeFileSync(path.join(dist, 'route-chunks.json'), JSON.stringify({ privacy: ['/assets/PrivacyPage-1.js'], issues: ['/assets/IssuesPage-2.js', '/assets/IssuesPage-2.css'], 'texts:ru': ['/assets/web-ru-3.js'], 'texts:en': ['/assets/web-en-4.js'] }));

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('serves the shell for every page route in both languages', async () => {
    for (const p of ['/', '/en', '/issues', '/en/issues/WEB-1', '/admin/custom-fields/3/edit', '/blog', '/en/user/telegram-username-confirm']) {
      const res = await t.client().get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('gives a real 404 status for paths that match no route, with the shell to render the error page', async () => {
    const res = await t.client().get('/that/path');
    expect(res.status).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('sets the language and embeds the boot data', async () => {
    const en = await t.client().get('/en/privacy');
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('<script type="application/json" id="app-boot"');
    expect((await t.client().get('/privacy')).body).toContain('<html lang="ru"');
  });

  it("starts loading the page's own chunks with the entry, but not for a visitor sent to sign in", async () => {
    const privacy = await t.client().get('/en/privacy');
    expect(privacy.body).toContain('<link rel="modulepreload" crossorigin href="/assets/PrivacyPage-1.js">');
    expect(privacy.body).not.toContain('IssuesPage');
    const visitor = await t.client().get('/issues');
    expect(visitor.body).not.toContain('IssuesPage');
    // Each language's page loads its own first-render texts with the entry, and only those.
    expect(visitor.body).toContain('<link rel="modulepreload" crossorigin href="/assets/web-ru-3.js">');
    expect(visitor.body).not.toContain('web-en');
    expect(privacy.body).toContain('<link rel="modulepreload" crossorigin href="/assets/web-en-4.js">');
    expect(privacy.body).not.toContain('web-ru');
    const user = await signUp(t, { name: 'Preloaded' });
    const issues = await user.client.get('/issues');
    expect(issues.body).toContain('<link rel="modulepreload" crossorigin href="/assets/IssuesPage-2.js"><link rel="preload" as="style" href="/assets/IssuesPage-2.css">');
  });

  it('serves hashed assets pre-compressed with immutable caching', async () => {
    const res = await fetch(`${t.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(js);
  });

  it('serves /sw.js uncached at the root and compresses HTML', async () => {
    const sw = await t.client().get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const page = await fetch(`${t.url}/issues`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a missing asset with 404', async () => {
    expect((await t.client().get('/assets/missing-123.js')).status).toBe(404);
  });
});
