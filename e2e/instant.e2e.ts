// Issue 14's "done when", in a real browser against the real server, with every API answer held
// back: an issue seen in the list opens with its title, key, status, priority and assignee in the
// first frame (the rest follows from one page call); going back shows the rows at once; a status
// change shows at once and survives the slow answer; a second browser's edit appears within a
// second with no list refetch; an offline reload shows the issues seen before. Sign-out wipes the
// store and its IndexedDB database.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { api, launchBrowser, newContext, pickedIn, pickIn, registerIn, uniqueEmail, uniqueKey, until, watchErrors } from './browser.ts';

const SLOW_MS = 3_000;
// Shown while every answer is held back: it came from the store. How fast is the benchmark's to say
// (`npm run bench`, list → issue under a 4× slower CPU), not a timed test's — a busy machine took
// 900 ms for what takes 30 on an idle one; this only bounds "at once".
const FROM_STORE_MS = SLOW_MS / 2;
const KEY = uniqueKey('IN');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let me: { id: number; email: string };
let statuses: { id: number; name: string }[];
let issue: { id: number; key: string; title: string; statusId: number };
let statusName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // Its offline reload is served by the service worker.
  context = await newContext(browser, { serviceWorkers: 'allow' });
  me = await registerIn(context, uniqueEmail('instant'), 'Instant Person');
  const { project } = await api<{ project: { id: number } }>(context, 'post', '/api/projects', { key: KEY, name: `Instant ${KEY}` });
  const detail = await api<{ statuses: { id: number; name: string }[] }>(context, 'get', `/api/projects/${project.id}`);
  statuses = detail.statuses;
  const started = detail.statuses[1]!;
  statusName = started.name;
  await api(context, 'post', '/api/issues', { projectId: project.id, title: 'Other row' });
  issue = (
    await api<{ issue: typeof issue }>(context, 'post', '/api/issues', {
      projectId: project.id,
      title: `Opens at once ${KEY}`,
      priority: 'high',
      assigneeId: me.id,
      statusId: started.id,
      description: 'Only the page call knows this',
    })
  ).issue;
  page = await context.newPage();
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Every `/api/` request is held until `release()` (then the held ones and every later one go out);
 * `pending` holds those not answered yet. Held, not delayed: on a busy machine a delay can run out
 * before the step that must beat it (a hover's prefetch answered before the click).
 */
async function slowApi(p: Page) {
  const pending = new Set<string>();
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    const name = new URL(route.request().url()).pathname;
    pending.add(name);
    asked.push(name);
    await released;
    await route.continue().catch(() => undefined);
    pending.delete(name);
  };
  await p.route('**/api/**', handler);
  const stop = async () => {
    release();
    await p.unroute('**/api/**', handler);
  };
  // A failed step must not leave the next test's calls held.
  onTestFinished(stop);
  return { pending, asked, release, stop };
}

describe('an issue seen in the list', () => {
  it('opens with its title and status at once while every API answer is held back', async () => {
    await page.goto(`/en/issues?project=${KEY}`);
    const row = page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`);
    await row.waitFor();
    await page.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 15_000 });
    // At its end the short list asks the server for closed issues older than the store keeps; once
    // answered, it has nothing more to load. That call is the list's, not the issue page's.
    await page.getByTestId('load-more').waitFor({ state: 'detached', timeout: 15_000 });

    const slow = await slowApi(page);
    // Measured in the page: from the click to the frame that shows the title and the status.
    await page.evaluate(
      ({ title, status }) => {
        const w = window as unknown as { __shown?: number; __clicked?: number };
        document.addEventListener('click', () => (w.__clicked = performance.now()), { capture: true, once: true });
        const check = () => {
          const h1 = document.getElementById('page-title-issue');
          const s = document.querySelector('[data-testid="issue-preview-status"], [data-testid="issue-status"]');
          const shown = s?.tagName === 'SELECT' ? (s as HTMLSelectElement).selectedOptions[0]?.textContent : s?.textContent;
          if (h1?.textContent === title && shown === status && w.__shown === undefined) w.__shown = performance.now();
        };
        new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
      },
      { title: issue.title, status: statusName },
    );

    // A person points at the row before clicking: the hover (over 50 ms) loads the page's code, as
    // the app intends; the data must then come from the store, not the network.
    const link = row.getByTestId('issue-title');
    await link.hover();
    await until(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/IssuePage-'))), Boolean, 'the issue page code loaded on hover');
    const clicked = Date.now();
    await link.click();
    // Well under the slow answer: nothing the network brings can have shown this.
    await page.locator('#page-title-issue', { hasText: issue.title }).waitFor({ timeout: SLOW_MS / 2 });
    expect(await page.getByTestId('issue-preview-status').textContent()).toBe(statusName);
    const seen = Date.now() - clicked;
    // Still waiting for the server: what shows came from the store.
    expect(slow.pending.has(`/api/issues/${issue.key}/page`)).toBe(true);
    expect(await page.getByTestId('issue-key').textContent()).toBe(issue.key);
    expect(await page.getByTestId('issue-preview-priority').textContent()).toBe('High');
    expect(await page.getByTestId('issue-preview-assignee').textContent()).toBe('Instant Person');
    expect(await page.getByTestId('issue-skeleton').isVisible()).toBe(true);

    const inPage = await page.evaluate(() => {
      const w = window as unknown as { __shown?: number; __clicked?: number };
      return w.__shown !== undefined && w.__clicked !== undefined ? Math.round(w.__shown - w.__clicked) : null;
    });
    console.info(`list → issue: title and status ${inPage} ms after the click (in the page), ${seen} ms seen by the test`);
    expect(inPage).not.toBeNull();
    expect(inPage!).toBeLessThan(FROM_STORE_MS);

    // The page call, let through, fills in the rest, editable.
    slow.release();
    await page.getByTestId('issue-description').waitFor({ timeout: SLOW_MS * 4 });
    expect(await page.getByTestId('issue-description').textContent()).toContain('Only the page call knows this');
    expect(await page.getByTestId('issue-status').getAttribute('data-status-id')).toBe(String(issue.statusId));
    expect(await page.getByTestId('issue-status').isEnabled()).toBe(true);
    expect(await page.getByTestId('issue-skeleton').count()).toBe(0);
    // One call for the page; the project, its statuses and labels, the custom fields and the streams
    // came from the store. The shell's own calls (the redirect check, the e-mail reminder, and the
    // desktop sidebar's icons and unread count, which load once the page has had its turn) are not the page's.
    const shell = ['/api/navigation/redirect', '/api/user/email-confirm-reminder', '/api/icons', '/api/inbox/unread'];
    expect(slow.asked.filter((a) => !shell.includes(a)).sort()).toEqual([`/api/issues/${issue.key}/page`]);
    await slow.stop();
    expect(errors).toEqual([]);
  });

  it("shows another change from the store's feed at once, before the page's refetch answers", async () => {
    // The refetch a live event starts never answers here: only the store's feed can bring the change.
    const held: Route[] = [];
    const hold = (route: Route) => void held.push(route);
    await page.route(`**/api/issues/${issue.key}/page`, hold);
    await page.route(`**/api/issues/${issue.id}/page`, hold);
    await api(context, 'patch', `/api/issues/${issue.id}`, { title: `Renamed ${KEY}`, priority: 'low' });
    await page.locator('#page-title-issue', { hasText: `Renamed ${KEY}` }).waitFor({ timeout: 5_000 });
    expect(await pickedIn(page, 'issue-priority')).toBe('low');
    await page.unroute(`**/api/issues/${issue.key}/page`, hold);
    await page.unroute(`**/api/issues/${issue.id}/page`, hold);
    await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
  });

  it('going back shows the rows at once, with no list call', async () => {
    const slow = await slowApi(page);
    const back = Date.now();
    await page.goBack();
    await page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`).waitFor({ timeout: SLOW_MS / 2 });
    const shown = Date.now() - back;
    console.info(`issue → back to the list: rows ${shown} ms after going back`);
    expect(shown).toBeLessThan(FROM_STORE_MS);
    expect(slow.asked.filter((a) => a === '/api/issues' || a.startsWith('/api/projects'))).toEqual([]);
    await slow.stop();
  });

  it('a status change shows at once, in the list too, and survives the slow answer', async () => {
    await page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`).getByTestId('issue-title').click();
    await page.getByTestId('issue-status').waitFor({ timeout: SLOW_MS * 4 });
    const slow = await slowApi(page);
    const done = statuses.find((s) => s.id !== issue.statusId && s.name !== statusName)!;
    const changed = Date.now();
    await pickIn(page, 'issue-status', done.name);
    await until(() => page.getByTestId('issue-status').getAttribute('data-status-id'), (v) => v === String(done.id), 'the new status on the page', SLOW_MS / 2);
    expect(Date.now() - changed).toBeLessThan(SLOW_MS / 2);
    expect(slow.pending.has(`/api/issues/${issue.id}`)).toBe(true);

    // A new comment, too, is on the page before the server has it.
    await page.getByTestId('comment-input').fill(`Said at once ${KEY}`);
    const posted = Date.now();
    await page.getByTestId('comment-submit').click();
    await page.getByTestId('comment').filter({ hasText: `Said at once ${KEY}` }).getByTestId('comment-sending').waitFor({ timeout: SLOW_MS / 2 });
    expect(Date.now() - posted).toBeLessThan(SLOW_MS / 2);
    expect(await page.getByTestId('comment-input').inputValue()).toBe('');

    // The list reads the same store: the row has it while the answer is still on its way.
    await page.goBack();
    const row = page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`);
    await until(() => row.locator('.status-chip').textContent(), (text) => text === done.name, 'the new status in the row', SLOW_MS / 2);
    expect(slow.pending.has(`/api/issues/${issue.id}`)).toBe(true);
    // …marked as not saved yet until the server has it.
    expect(await row.getByTestId('issue-pending').getAttribute('aria-label')).toBe('Not saved yet: it is sent when the connection returns');

    // The answer arrives: still there, and saved.
    slow.release();
    await until(async () => slow.pending.size, (n) => n === 0, 'the slow answers', SLOW_MS * 4);
    expect(await row.locator('.status-chip').textContent()).toBe(done.name);
    await row.getByTestId('issue-pending').waitFor({ state: 'detached' });
    const saved = await api<{ issue: { statusId: number } }>(context, 'get', `/api/issues/${issue.id}`);
    expect(saved.issue.statusId).toBe(done.id);
    const thread = await api<{ comments: { body: string }[] }>(context, 'get', `/api/issues/${issue.id}/comments`);
    expect(thread.comments.map((c) => c.body)).toContain(`Said at once ${KEY}`);
    await slow.stop();
    statusName = done.name;
  });

  it("a second browser's edit appears within a second, with no list refetch", async () => {
    const second = await newContext(browser);
    try {
      await registerIn(second, me.email, 'Instant Person'); // signs the same person in elsewhere
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      const title = `Edited elsewhere ${KEY}`;
      const sent = Date.now();
      await api(second, 'patch', `/api/issues/${issue.id}`, { title });
      await page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`, { hasText: title }).waitFor({ timeout: 5_000 });
      const shown = Date.now() - sent;
      console.info(`another browser's edit: in the list ${shown} ms after it was sent`);
      expect(shown).toBeLessThan(1_000);
      expect(asked.filter((p) => p.startsWith('/api/issues'))).toEqual([]);
      issue.title = title;
    } finally {
      await second.close();
    }
  });

  it('an offline reload shows the issues seen before', async () => {
    // The service worker keeps the page and its chunks; the store is in IndexedDB.
    await until(() => page.evaluate(() => navigator.serviceWorker.controller !== null), Boolean, 'the page controlled by the service worker');
    await until(
      () =>
        page.evaluate(async () => {
          const urls = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => new URL(u).pathname.startsWith('/assets/'));
          for (const u of urls) if (!(await caches.match(u))) return false;
          return true;
        }),
      Boolean,
      'every file the page loaded in the caches',
    );
    await until(() => storedTitle(page, me.id, issue.id), (title) => title === issue.title, 'the latest title written to IndexedDB');
    await context.setOffline(true);
    try {
      await page.reload();
      const row = page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"]`);
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getByTestId('issue-title').textContent()).toBe(issue.title);
      expect(await row.locator('.status-chip').textContent()).toBe(statusName);
      expect(await page.locator('html').getAttribute('data-sync')).toBe('offline');
    } finally {
      await context.setOffline(false);
    }
  });

  it('sign-out empties the store and deletes its database', async () => {
    const dbName = `tracker-sync-${me.id}`;
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    await until(databases, (names) => names.includes(dbName), 'the store written to IndexedDB');
    await page.getByTestId('logout').click();
    await page.locator('html[data-sync="idle"]').waitFor({ state: 'attached' });
    await until(databases, (names) => !names.includes(dbName), 'the database deleted');
  });

  it('a 401 from the sync engine signs the app out like an expired session', async () => {
    await registerIn(context, uniqueEmail('instant-401'), 'Expired Person');
    const other = await context.newPage();
    // The page carries the user, but the server no longer knows the session for the store.
    await other.route('**/api/sync/**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ statusCode: 401, statusMessage: 'Unauthorized' }) }),
    );
    await other.goto('/en/issues');
    await other.waitForURL((u) => u.pathname === '/en/user/login');
    expect(await other.getByTestId('user-menu').count()).toBe(0);
    await other.close();
  });
});

/** An issue's title as the store last wrote it to IndexedDB. */
function storedTitle(p: Page, userId: number, issueId: number): Promise<string | null> {
  return p.evaluate(
    ({ userId, issueId }) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open(`tracker-sync-${userId}`);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('issues').objectStore('issues').get(issueId);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { title?: string } | undefined)?.title ?? null);
          };
          get.onerror = () => resolve(null);
        };
      }),
    { userId, issueId },
  );
}
