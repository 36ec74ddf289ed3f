// The client sync engine (miniapp/src/store) in a real browser against the real server:
// real IndexedDB, EventSource and BroadcastChannel. No screen uses the engine yet, so the test
// bundles its public index.ts and loads it into a page of the app's origin.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let user: { id: number };
let bundle: string;
let project: { id: number; key: string };

interface SyncGlobal {
  startSync(userId: number, options?: { EventSource?: null }): Promise<unknown>;
  signOutSync(): Promise<void>;
  syncState(): { status: string; syncId: number | null; issues: Record<number, { title: string; projectId: number }> };
}
declare global {
  interface Window {
    TrackerSync: SyncGlobal;
  }
}

beforeAll(async () => {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    // React (for the feature's hooks) reads it; an app build sets it the same way.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, minify: false, lib: { entry: 'miniapp/src/store/index.ts', formats: ['iife'], name: 'TrackerSync' } },
  });
  bundle = (Array.isArray(out) ? out[0]! : (out as { output: { code: string }[] })).output[0]!.code;
  browser = await launchBrowser();
  context = await newContext(browser, { bypassCSP: true });
  user = await registerIn(context, uniqueEmail('sync'), 'Sync User');
  const key = uniqueKey('SY');
  project = (await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key, name: 'Synced' })).project;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A page of the app's origin with the engine loaded (the health check: no app code runs there). */
async function pageWithEngine(page?: Page): Promise<Page> {
  const p = page ?? (await context.newPage());
  await p.goto('/api/health');
  await p.addScriptTag({ content: bundle });
  return p;
}
/** The titles of this test's project in the page's store (projects open to all, made by other tests, are there too). */
const issueTitles = (page: Page) =>
  page.evaluate((projectId) => Object.values(window.TrackerSync.syncState().issues).filter((i) => i.projectId === projectId).map((i) => i.title).sort(), project.id);
const createIssue = (title: string) => api<{ issue: { id: number } }>(context, 'post', '/api/issues', { projectId: project.id, title }).then((r) => r.issue);

describe('the sync engine in a browser', () => {
  it('bootstraps, goes live on the stream, and takes another client\'s edit without refetching', async () => {
    const first = await createIssue('Seen before');
    const page = await pageWithEngine();
    await page.evaluate((id) => window.TrackerSync.startSync(id), user.id);
    await expect.poll(() => page.evaluate(() => window.TrackerSync.syncState().status)).toBe('live');
    expect(await issueTitles(page)).toEqual(['Seen before']);

    const requests: string[] = [];
    // A project another test opens to everyone meanwhile is loaded (`bootstrap?project=`): not a refetch of ours.
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!(url.pathname === '/api/sync/bootstrap' && url.searchParams.has('project') && url.searchParams.get('project') !== String(project.id))) requests.push(url.pathname);
    });
    await api(context, 'patch', `/api/issues/${first.id}`, { title: 'Renamed elsewhere' });
    await createIssue('Created elsewhere');
    await expect.poll(() => issueTitles(page)).toEqual(['Created elsewhere', 'Renamed elsewhere']);
    // Pushed over the open stream: no list or issue was asked for again.
    expect(requests).toEqual([]);
    await page.close();
  });

  it('an offline reload shows the issues seen before, from IndexedDB', async () => {
    const page = await pageWithEngine();
    await page.evaluate((id) => window.TrackerSync.startSync(id), user.id);
    await expect.poll(() => page.evaluate(() => window.TrackerSync.syncState().status)).toBe('live');
    // Let the debounced write land: the position the database holds reaches the store's (or passes
    // it: other files of the run change what every user sees, such as streams, meanwhile).
    const syncId = await page.evaluate(() => window.TrackerSync.syncState().syncId);
    expect(syncId).not.toBeNull();
    await expect
      .poll(() =>
        page.evaluate(async (id) => {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const r = indexedDB.open(`tracker-sync-${id}`);
            r.onsuccess = () => resolve(r.result);
            r.onerror = () => reject(r.error);
          });
          const meta = await new Promise<{ syncId: number } | undefined>((resolve) => {
            const r = db.transaction('meta').objectStore('meta').get('state');
            r.onsuccess = () => resolve(r.result as { syncId: number } | undefined);
          });
          db.close();
          return meta?.syncId ?? 0;
        }, user.id),
      )
      .toBeGreaterThanOrEqual(syncId!);

    await context.route('**/api/sync/**', (route) => route.abort('internetdisconnected'));
    try {
      await pageWithEngine(page);
      const titles = await page.evaluate(async ({ id, projectId }) => {
        await window.TrackerSync.startSync(id);
        // Right after start: what IndexedDB held, before any answer.
        return Object.values(window.TrackerSync.syncState().issues).filter((i) => i.projectId === projectId).map((i) => i.title).sort();
      }, { id: user.id, projectId: project.id });
      expect(titles).toEqual(['Created elsewhere', 'Renamed elsewhere']);
      await expect.poll(() => page.evaluate(() => window.TrackerSync.syncState().status)).toBe('offline');
    } finally {
      await context.unroute('**/api/sync/**');
    }

    // Sign-out: nothing of the user stays in the browser.
    const names = await page.evaluate(async () => {
      await window.TrackerSync.signOutSync();
      return (await indexedDB.databases()).map((d) => d.name);
    });
    expect(names).not.toContain(`tracker-sync-${user.id}`);
    expect(await issueTitles(page)).toEqual([]);
    await page.close();
  });

  it('a tab without a stream of its own gets the batches another tab applies, over BroadcastChannel', async () => {
    const streaming = await pageWithEngine();
    const listening = await pageWithEngine();
    await listening.evaluate((id) => window.TrackerSync.startSync(id, { EventSource: null }), user.id);
    await streaming.evaluate((id) => window.TrackerSync.startSync(id), user.id);
    await expect.poll(() => streaming.evaluate(() => window.TrackerSync.syncState().status)).toBe('live');
    // Both stand at the same position before the edit (read together: other files of the run move
    // what every user sees, such as streams, meanwhile).
    const position = (page: Page) => page.evaluate(() => window.TrackerSync.syncState().syncId);
    await expect.poll(async () => (await position(listening)) === (await position(streaming))).toBe(true);
    await createIssue('Told by the other tab');
    await expect.poll(() => issueTitles(streaming)).toContain('Told by the other tab');
    await expect.poll(() => issueTitles(listening)).toContain('Told by the other tab');
    await streaming.close();
    await listening.close();
  });
});
