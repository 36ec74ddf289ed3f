// Accessibility of every public route (languages alternate) and the error pages, as a visitor, in
// the light and the dark scheme: no serious or critical WCAG 2.1 A/AA violation axe can find.
import { ROUTES } from '@tracker/shared/routes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './global-setup.ts';
import { api, launchBrowser, newContext, PagePool, registerIn, uniqueKey } from './browser.ts';
import { bothSchemes, inviteToken, loaded, publishPost, targets, type Ids } from './a11y-kit.ts';
import { trackContext } from './layout-fit.ts';

let browser: Browser;
let ids: Ids;
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await newContext(browser);
  await registerIn(admin, ADMIN_EMAIL, 'Admin');
  // The invite page shows what a real invite offers (and the sign-in it asks a visitor for).
  const { project } = await api<{ project: { id: number } }>(admin, 'post', '/api/projects', { key: uniqueKey('IN', 8), name: 'Invited' });
  ids = { project: 'NONE', projectId: '0', issue: 'NONE-1', stream: '0', importId: '0', user: '0', cycle: '0', milestone: '0', invite: await inviteToken(admin, project.id), ...(await publishPost(admin)) };
  await admin.close();
});
afterAll(() => browser?.close());

describe('accessibility of the public pages', () => {
  it('every public route and the error page, light and dark, as a visitor', async () => {
    const list = [...targets('public', ids, false), { url: '/that/path', testId: 'error-page', route: '404' }, { url: '/en/that/path', testId: 'error-page', route: '404' }];
    expect(new Set(list.map((t) => t.route))).toEqual(new Set([...ROUTES.filter((r) => r.access === 'public').map((r) => r.name), '404']));
    // No service worker: it would precache the whole app in the background of the sweep.
    const context = await newContext(browser, { colorScheme: 'light' });
    await trackContext(context);
    const problems: string[] = [];
    const pool = new PagePool(context, 2);
    await pool.run(list, async (page, { url, testId }) => {
      await page.goto(url, { waitUntil: 'commit' });
      await loaded(page, testId);
      problems.push(...(await bothSchemes(page, url)));
    });
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);
});
