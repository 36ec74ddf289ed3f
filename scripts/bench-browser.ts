// Issue 14's browser bench: the web app as a user meets it, in Chromium with the CPU slowed 4×
// (Chrome DevTools Protocol), on the demo workspace: cold load and warm reload to the first issue
// row, list → issue, a sort change, a status change, and the API calls each screen makes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { createOrm, migrate } from '../server/src/db/orm.ts';
import { seedDemo } from '../server/src/seed/demo.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/seed/demo-data.ts';
import { startBenchServer } from './bench-server.ts';

type Report = (name: string, value: number, unit: string, budget?: number, atLeast?: boolean) => void;

/** Issues in the demo workspace: a store of this size must filter and sort within budget. */
const ISSUES = 2000;
const CPU_SLOWDOWN = 4;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** API requests the page starts, as paths, while it is recorded. */
function recordApi(page: Page) {
  const calls: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  return { calls, since: (n: number) => calls.slice(n) };
}

async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

const firstRow = (page: Page) => page.getByTestId('issue-row').first().waitFor({ timeout: 30_000 });

export async function benchBrowser(report: Report) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-browser-'));
  const db = await startEmbeddedPostgres(dir);
  try {
    const orm = await createOrm(db.url, { poolMax: 2 });
    await migrate(orm);
    await seedDemo(orm.em.fork() as unknown as EntityManager, { issues: ISSUES });
    await orm.close(true);
    const server = await startBenchServer(db.url, dir);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 900 } });
      const login = await context.request.post('/api/auth/login', {
        data: { email: DEMO_USERS[0].email, password: DEMO_PASSWORD },
        headers: { origin: server.base, 'sec-fetch-site': 'same-origin' },
      });
      if (!login.ok()) throw new Error(`demo sign-in failed: ${login.status()} ${await login.text()}`);
      console.log(`\nBrowser: Chromium, CPU slowed ${CPU_SLOWDOWN}×, the demo workspace with ${ISSUES.toLocaleString('en')} issues, signed in as ${DEMO_USERS[0].email}…`);

      const page = await slowPage(context);
      const api = recordApi(page);
      let started = performance.now();
      await page.goto('/en/issues', { waitUntil: 'commit' });
      await firstRow(page);
      report('cold load of /en/issues → first row', Math.round(performance.now() - started), 'ms', 1000);
      report('API calls before the first row (cold load)', api.calls.length, 'calls', 4);
      console.log(`  ${api.calls.join(', ')}`);

      // Warm: the store has synced and written itself to IndexedDB (it also flushes on pagehide).
      await page.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      started = performance.now();
      await page.reload({ waitUntil: 'commit' });
      await firstRow(page);
      report('warm reload → first row', Math.round(performance.now() - started), 'ms', 300);

      // List → issue, as a person does it: the pointer rests on the row (over 50 ms: the app loads
      // the page's code and asks its data), then the click. Measured in the page, from the click to
      // the frame that shows the title; the requests it waited for are those that answered between
      // the two (none, when what shows comes from the store).
      await page.waitForLoadState('networkidle');
      const title = page.getByTestId('issue-title').first();
      const expected = (await title.textContent())?.trim() ?? '';
      await title.hover();
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/IssuePage-')));
      await page.waitForLoadState('networkidle');
      const before = api.calls.length;
      // In-page code as text: this script is compiled without the DOM's types.
      await page.evaluate(`(() => {
        const text = ${JSON.stringify(expected)};
        document.addEventListener('click', () => (window.__clicked = performance.now()), { capture: true, once: true });
        new MutationObserver(() => {
          if (window.__shown === undefined && document.getElementById('page-title-issue')?.textContent === text) window.__shown = performance.now();
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      })()`);
      await title.click();
      await page.locator('#page-title-issue').filter({ hasText: expected }).waitFor();
      const { clicked, shown, answered } = (await page.evaluate(`(() => {
        const api = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/'));
        return { clicked: window.__clicked, shown: window.__shown, answered: api.filter((e) => e.responseEnd > window.__clicked && e.responseEnd <= window.__shown).length };
      })()`)) as { clicked: number; shown: number; answered: number };
      report('list → issue, to its title', Math.round(shown - clicked), 'ms', 50);
      report('API requests waited for on list → issue', answered, 'requests', 0);
      await page.getByTestId('issue-status').waitFor();
      await page.waitForLoadState('networkidle');
      report('API calls of the issue page', api.since(before).length, 'calls');
      console.log(`  ${api.since(before).join(', ')}`);

      // A status change: until the page shows the new status (optimistic, or after the answer).
      const status = page.getByTestId('issue-status');
      const current = await status.getAttribute('data-status-id');
      const values = await status.locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
      const other = values.find((v) => v && v !== current);
      started = performance.now();
      await status.selectOption(other!);
      await page.locator(`[data-testid="issue-status"][data-status-id="${other}"]`).waitFor();
      report('status change → shown', Math.round(performance.now() - started), 'ms', 50);
      await page.waitForLoadState('networkidle');

      // A sort change on the list: until the first row is another issue.
      await page.goBack();
      await firstRow(page);
      await page.waitForLoadState('networkidle');
      const top = await page.getByTestId('issue-title').first().textContent();
      started = performance.now();
      await page.getByTestId('sort-by').selectOption('title');
      await page.getByTestId('issue-title').first().filter({ hasNotText: top ?? '' }).waitFor();
      report('sort change → rows in the new order', Math.round(performance.now() - started), 'ms', 50);
      await context.close();
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
