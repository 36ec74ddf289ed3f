// Issue 14, deliverable 1: the HTML of a page carries the session user, the public config and the
// redirect decision, so a cold load renders without asking `/api/user/me` or `/api/navigation/redirect` first.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, waitForLive, watchErrors } from './browser.ts';
import { ADMIN_EMAIL } from './global-setup.ts';

let browser: Browser;
let context: BrowserContext;

const letters = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  await registerIn(context, undefined, 'Cold Loader');
  const key = `B${letters().slice(0, 5)}`;
  const { project } = await api<{ project: { id: number } }>(context, 'post', '/api/projects', { key, name: `Boot ${key}` });
  await api(context, 'post', '/api/issues', { projectId: project.id, title: 'First row' });
});
afterAll(() => browser?.close());

/** Every API call of the page, as `path?query`, in the order the browser sent them. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}

const named = (calls: string[], path: string) => calls.filter((c) => c === path || c.startsWith(`${path}?`));

describe('a cold load', () => {
  it('of /en/issues signed in asks neither /api/user/me nor /api/navigation/redirect before the first issue row', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const calls = recordApiCalls(page);
    await page.goto('/en/issues');
    await page.getByTestId('issue-row').first().waitFor();
    const beforeFirstRow = [...calls];
    console.log('API calls of a cold /en/issues before the first row:', beforeFirstRow);
    expect(named(beforeFirstRow, '/api/user/me')).toEqual([]);
    expect(named(beforeFirstRow, '/api/navigation/redirect')).toEqual([]);
    // Nor later on this page: the list's own "me" comes from the page too.
    await waitForLive(page);
    expect(named(calls, '/api/user/me')).toEqual([]);
    expect(named(calls, '/api/navigation/redirect')).toEqual([]);
    // No CSP report or other error: the inline data is allowed by the page's nonce.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('follows the redirect decision the page came with, without asking for it', async () => {
    const admin = await newContext(browser);
    await registerIn(admin, ADMIN_EMAIL, 'Admin');
    const from = `/boot-moved-${letters().toLowerCase()}`;
    await api(admin, 'post', '/api/admin/redirects', { fromPath: from, to: '/issues' });
    await admin.close();

    const page = await context.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`/en${from}`);
    await page.waitForURL((url) => url.pathname === '/en/issues');
    await page.getByTestId('issue-row').first().waitFor();
    expect(calls.filter((c) => c.includes(encodeURIComponent(from)))).toEqual([]);
    expect(named(calls, '/api/user/me')).toEqual([]);
    await page.close();
  });

  it('of /en/issues signed out goes to the sign-in page without asking who is signed in', async () => {
    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/en/issues');
    await page.getByTestId('page-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/user/login');
    expect(named(calls, '/api/user/me')).toEqual([]);
    expect(calls.filter((c) => c.startsWith('/api/navigation/redirect?path=%2Fen%2Fissues'))).toEqual([]);
    await visitor.close();
  });
});

describe('navigation intent', () => {
  it('starts loading the issue page while the pointer rests on an issue, before the click', async () => {
    const page = await context.newPage();
    await page.goto('/en/issues');
    const title = page.getByTestId('issue-title').first();
    await title.waitFor();
    // The page's chunk is not loaded by the list: only the hover asks for it (no click yet).
    const chunk = page.waitForRequest((req) => /\/assets\/IssuePage-[^/]*\.js$/.test(new URL(req.url()).pathname), { timeout: 10_000 });
    await title.hover();
    expect((await chunk).url()).toContain('/assets/IssuePage-');
    await title.click();
    await page.getByTestId('issue-key').waitFor();
    await page.close();
  });
});
