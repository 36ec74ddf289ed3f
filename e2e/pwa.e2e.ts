// The service worker (issue 14, PWA): it precaches only the shell, caches the rest on first use, keeps
// the app readable offline, and a page opened before a deployment survives its first lazy chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext, until } from './browser.ts';

const DIST = path.resolve(import.meta.dirname, '../miniapp/dist');
const LAZY_PAGE_CHUNK = /\/assets\/PrivacyPage-[\w-]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const get = async (url: string) => {
  const res = await fetch(new URL(url, baseUrl()));
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};

/** The precache list that the served /sw.js installs. */
async function precacheUrls(): Promise<string[]> {
  const sw = (await get('/sw.js')).toString();
  return [...sw.matchAll(/\{url:"([^"]+)",revision:(?:null|"[^"]*")\}/g)].map((m) => m[1]!);
}

describe('precache', () => {
  it('holds only the shell: at most 30 files and 300 KB gzip, with the HTML, entry JS and CSS, its texts and failure words, no lazy chunk', async () => {
    const urls = await precacheUrls();
    const gzipBytes = (await Promise.all(urls.map(async (u) => gzipSync(await get(`/${u}`), { level: 9 }).length))).reduce((a, b) => a + b, 0);
    console.info(`precache: ${urls.length} files, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.length).toBeLessThanOrEqual(30);
    expect(gzipBytes).toBeLessThanOrEqual(300 * 1024);

    // Everything the shell loads before the first render is there, so an offline start has it. (A
    // served page also names its own route's chunks, to load them early: those stay lazy.)
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const served = (await get('/')).toString();
    expect(served).toContain('<link rel="modulepreload" crossorigin href="/assets/HomeRoute-');
    const shell = [...html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(shell.some((f) => f.endsWith('.js'))).toBe(true);
    expect(shell.some((f) => f.endsWith('.css'))).toBe(true);
    expect(urls).toEqual(expect.arrayContaining([...shell, 'offline.html', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png']));

    const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
    // The lazy exceptions: each language's first-render texts, which the entry waits for, and the words
    // of failures ("no connection" among them), which load right after the first render.
    const texts = Object.entries(manifest).filter(([key]) => /shared\/src\/i18n\/(web-(ru|en)\.ts|(ru|en)\/(errors|validation)\.json)$/.test(key)).map(([, c]) => c.file);
    expect(texts).toHaveLength(6);
    expect(urls).toEqual(expect.arrayContaining(texts));
    const lazy = Object.values(manifest).filter((c) => c.isDynamicEntry && !texts.includes(c.file)).map((c) => c.file);
    expect(lazy.length).toBeGreaterThan(30);
    expect(urls.filter((u) => lazy.includes(u))).toEqual([]);
  });
});

describe('the light start', () => {
  // The first screens a user meets show data, not forms: zod and the payload schemas (the `schemas`
  // chunk, miniapp/vite.config.ts) load with forms only. A shared helper a schema imports is caught
  // into that chunk with it, and a page that uses the helper then loads all of zod (issue 27).
  it('loads no zod with the list, the issue, my work, the inbox or the calendar', () => {
    const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return seen;
      seen.add(chunk.file);
      for (const dep of chunk.imports ?? []) closure(dep, seen);
      return seen;
    };
    // Each route's own chunk, as the manifest names it (a route that composes features is in app/routes/).
    for (const page of ['features/issues/pages/IssuesPage.tsx', 'app/routes/IssuePage.tsx', 'features/my-work/MyWorkPage.tsx', 'app/routes/InboxPage.tsx', 'features/calendar/pages/CalendarPage.tsx']) {
      const key = Object.keys(manifest).find((k) => k.endsWith(page));
      expect(key, page).toBeDefined();
      expect([...closure(key!)].filter((f) => /\/schemas-/.test(f)), page).toEqual([]);
    }
  });
});

async function controlled(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByTestId('page-home').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

const cachedUrls = (page: Page, cache: string) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => r.url), cache);

describe('offline', () => {
  it('reloads a lazy page seen before from the caches, and falls back to the shell for one never seen', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await controlled(context);
    await page.goto('/privacy');
    await page.getByTestId('page-privacy').waitFor();
    // The page's chunk is not precached: the run-time cache has it once the worker stored it.
    expect((await precacheUrls()).some((u) => LAZY_PAGE_CHUNK.test(`/${u}`))).toBe(false);
    await until(() => cachedUrls(page, 'assets'), (urls) => urls.some((u) => LAZY_PAGE_CHUNK.test(u)), 'the lazy chunk in the run-time cache');
    // The page as served carries the user (null here); the copy kept for offline use never does.
    expect(await page.locator('script#app-boot').count()).toBe(1);
    const kept = await until(
      () => page.evaluate(async () => (await (await caches.open('pages')).match(location.href))?.text() ?? null),
      (html) => html !== null,
      'the page in the pages cache',
    );
    expect(kept).toContain('<div id="root">');
    expect(kept).not.toContain('app-boot');

    await context.setOffline(true);
    const chunk = page.waitForResponse(LAZY_PAGE_CHUNK);
    await page.reload();
    await page.getByTestId('page-privacy').waitFor();
    expect((await chunk).fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => fetch('/api/health').then(() => 'online', () => 'offline'))).toBe('offline');

    // A page never visited has no cached copy: the precached offline shell renders it.
    await page.goto('/en/privacy');
    await page.getByTestId('page-privacy').waitFor();
    await context.close();
  });

  it("says a failure in words offline, not its keys: the failure texts come from the precache", async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await controlled(context);
    await page.goto('/en/user/login');
    await page.getByTestId('page-login').waitFor();
    // The form's own chunks (page, zod) reach the run-time cache as the worker stores them.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((u) => /\/assets\/[^/]+\.js$/.test(u)));
    await until(
      () => page.evaluate(async (urls) => (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean), scripts),
      Boolean,
      "the login page's scripts in the caches",
    );
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('page-login').waitFor();
    await page.getByLabel('E-mail').fill('someone@example.com');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('form-error').filter({ hasText: 'The server is unreachable. Check your connection.' }).waitFor();
    await context.close();
  });

  it('keeps a chunk whose download was under way when the worker took over the first visit', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    // The worker cannot finish installing (nor take over) until its offline page arrives; the page's
    // chunk arrives only once the worker has taken over. So that chunk passed the worker by, and the
    // worker had already copied the files loaded before it.
    let installed!: () => void;
    const install = new Promise<void>((resolve) => (installed = resolve));
    await context.route('**/offline.html', async (route) => {
      await install;
      await route.continue();
    });
    const page = await context.newPage();
    let taken!: () => void;
    const takenOver = new Promise<void>((resolve) => (taken = resolve));
    let asked = false;
    await page.route(LAZY_PAGE_CHUNK, async (route) => {
      asked = true;
      await takenOver;
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    await until(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.installing != null), Boolean, 'the worker installing');
    await page.locator('footer a[href="/privacy"]').click();
    await until(async () => asked, Boolean, 'the lazy chunk asked for');
    installed();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    taken();
    await page.getByTestId('page-privacy').waitFor();
    await until(() => cachedUrls(page, 'assets'), (urls) => urls.some((u) => LAZY_PAGE_CHUNK.test(u)), 'the late chunk in the run-time cache');
    await context.close();
  });

  it('does not serve a page cached before a deployment whose entry chunk is gone, but the current shell', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await controlled(context);
    await page.goto('/privacy');
    await page.getByTestId('page-privacy').waitFor();
    await until(() => cachedUrls(page, 'assets'), (urls) => urls.some((u) => LAZY_PAGE_CHUNK.test(u)), 'the lazy chunk in the run-time cache');
    // The copy the worker saved under the previous deployment names an entry chunk no cache holds.
    await page.evaluate(async () => {
      const old = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-old0build.js"></script></head><body><div id="root"></div></body></html>';
      await (await caches.open('pages')).put(location.href, new Response(old, { headers: { 'content-type': 'text/html' } }));
    });
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('page-privacy').waitFor();
    await context.close();
  });
});

describe('deployment while a page is open', () => {
  it('reloads once when a lazy chunk is gone from the server, and then shows the page', async () => {
    // No worker: Telegram on iOS runs none, and the page must recover by itself.
    const context = await newContext(browser);
    // The page was loaded before the deployment: until it reloads, the server has no such chunk
    // (asked for by the import, and by the check that it is really gone); the reloaded page is of the new build.
    let loads = 0;
    const asked: string[] = [];
    await context.route(LAZY_PAGE_CHUNK, (route) => {
      asked.push(`${route.request().method()} ${loads}`);
      return loads === 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue();
    });
    const page = await context.newPage();
    // Counted when a page is asked for: the page itself asks for its route's chunks before its load event.
    page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && loads++);
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    await page.locator('footer a[href="/privacy"]').click();
    await page.getByTestId('page-privacy').waitFor();
    expect(asked).toEqual(['GET 1', 'HEAD 1', 'GET 2']);
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await context.close();
  });
});
