import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, matchRoute } from '@tracker/shared/routes';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

const ORIGIN = 'https://tracker.example';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

let t: TestServer;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestServer({ PUBLIC_URL: ORIGIN });
  admin = await createUser(t, { admin: true });
  const post = (slug: string, versions: object, status = 'published', publishedAt: string | null = null) =>
    admin.client.post('/api/admin/blog/posts', { slug, status, publishedAt, versions });
  await post('both-langs', { ru: { title: 'Обе' }, en: { title: 'Both' } });
  await post('ru-only', { ru: { title: 'Только русский' } });
  await post('en-only', { en: { title: 'English only' } });
  await post('a-draft', { ru: { title: 'Черновик' }, en: { title: 'Draft' } }, 'draft');
  await post('future', { ru: { title: 'Будущее' } }, 'published', new Date(Date.now() + 86_400_000).toISOString());
});
afterAll(() => t.close());

interface Entry {
  loc: string;
  lastmod: string;
  alternates: Record<string, string>;
}

/**
 * Parses the document strictly and checks it against the rules of the sitemap 0.9 schema
 * (urlset/url/loc/lastmod, absolute URLs under 2048 characters, W3C datetimes, at most 50,000 URLs)
 * and of Google's xhtml:link alternates.
 */
function parseSitemap(xml: string): Entry[] {
  const errors: string[] = [];
  const doc = new DOMParser({ onError: (level, msg) => errors.push(`${level}: ${msg}`) }).parseFromString(xml, 'application/xml');
  expect(errors).toEqual([]);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const root = doc.documentElement!;
  expect(root.localName).toBe('urlset');
  expect(root.namespaceURI).toBe(SITEMAP_NS);
  const urls = Array.from(root.childNodes).filter((n): n is Element => n.nodeType === 1);
  expect(urls.length).toBeGreaterThan(0);
  expect(urls.length).toBeLessThanOrEqual(50_000);
  return urls.map((url) => {
    expect(url.localName).toBe('url');
    expect(url.namespaceURI).toBe(SITEMAP_NS);
    const children = Array.from(url.childNodes).filter((n): n is Element => n.nodeType === 1);
    // Schema order: loc, then lastmod, then elements of other namespaces.
    expect(children[0]?.localName).toBe('loc');
    expect(children[1]?.localName).toBe('lastmod');
    const loc = children[0]!.textContent!;
    expect(loc.length).toBeLessThan(2048);
    expect(new URL(loc).origin).toBe(ORIGIN);
    const lastmod = children[1]!.textContent!;
    expect(lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const alternates: Record<string, string> = {};
    for (const link of children.slice(2)) {
      expect(link.namespaceURI).toBe(XHTML_NS);
      expect(link.localName).toBe('link');
      expect(link.getAttribute('rel')).toBe('alternate');
      alternates[link.getAttribute('hreflang')!] = link.getAttribute('href')!;
    }
    return { loc, lastmod, alternates };
  });
}

const fetchSitemap = async (path: string) => {
  const res = await t.client().get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/xml/);
  return parseSitemap(res.body as string);
};

describe('sitemap.xml', () => {
  it('lists Russian URLs of every public page and published Russian post', async () => {
    const entries = await fetchSitemap('/sitemap.xml');
    const paths = entries.map((e) => new URL(e.loc).pathname);
    const publicPages = ROUTES.filter((r) => r.access === 'public' && !r.path.includes(':') && !r.tokenPage).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(publicPages));
    expect(paths).toEqual(expect.arrayContaining(['/blog/both-langs', '/blog/ru-only']));
    expect(paths).not.toContain('/blog/en-only');
    expect(paths.every((p) => !p.startsWith('/en'))).toBe(true);
  });

  it('lists English URLs at /en/sitemap.xml', async () => {
    const paths = (await fetchSitemap('/en/sitemap.xml')).map((e) => new URL(e.loc).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/en', '/en/blog', '/en/privacy', '/en/blog/both-langs', '/en/blog/en-only']));
    expect(paths).not.toContain('/en/blog/ru-only');
    expect(paths.every((p) => p === '/en' || p.startsWith('/en/'))).toBe(true);
  });

  it('never lists private or admin pages, drafts or scheduled posts', async () => {
    for (const path of ['/sitemap.xml', '/en/sitemap.xml']) {
      const entries = await fetchSitemap(path);
      for (const entry of entries) expect(matchRoute(new URL(entry.loc).pathname)?.route.access, entry.loc).toBe('public');
      const paths = entries.map((e) => new URL(e.loc).pathname.replace(/^\/en(?=\/|$)/, '') || '/');
      expect(paths.filter((p) => p.startsWith('/admin') || p.startsWith('/issues') || p === '/user')).toEqual([]);
      // One-time-link pages (the link's token is their only content).
      expect(paths.filter((p) => /\/user\/(confirm-email|reset-password)$/.test(p))).toEqual([]);
      expect(paths).not.toContain('/blog/a-draft');
      expect(paths).not.toContain('/blog/future');
    }
  });

  it('pairs every URL with its hreflang alternates, both ways', async () => {
    const ru = await fetchSitemap('/sitemap.xml');
    const en = await fetchSitemap('/en/sitemap.xml');
    const all = [...ru, ...en];
    const byLoc = new Map(all.map((e) => [e.loc, e]));
    for (const entry of all) {
      // Each entry names itself among its alternates, and each alternate names it back.
      expect(Object.values(entry.alternates)).toContain(entry.loc);
      for (const [lang, href] of Object.entries(entry.alternates)) {
        if (lang === 'x-default') {
          expect(href).toBe(entry.alternates.ru);
          continue;
        }
        const other = byLoc.get(href);
        expect(other, `${entry.loc} → ${href}`).toBeDefined();
        expect(other!.alternates).toEqual(entry.alternates);
      }
    }
    const home = ru.find((e) => e.loc === `${ORIGIN}/`)!;
    expect(home.alternates).toEqual({ ru: `${ORIGIN}/`, en: `${ORIGIN}/en`, 'x-default': `${ORIGIN}/` });
    expect(en.find((e) => e.loc.endsWith('/en/blog/en-only'))!.alternates).toEqual({ en: `${ORIGIN}/en/blog/en-only` });
  });
});

describe('robots.txt', () => {
  it('points to both sitemaps and keeps crawlers out of the API and admin', async () => {
    const res = await t.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/en/sitemap.xml`);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
  });
});
