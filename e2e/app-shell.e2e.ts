// The app shell (issue 12, items 1 and 7): inside Telegram, in a phone-width browser, never the
// website's chrome; My work as the start screen; a start parameter that names nothing and init data
// that fails validation each end on a screen the user can act on.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeRun } from './a11y-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData, type TestTelegramUser } from '../server/src/test/telegram-signer.ts';
import { api, baseUrl, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, waitForLive, watchErrors } from './browser.ts';
import { E2E_BOT_USERNAME } from './global-setup.ts';
import { launchUrl, telegramClient, tgCalls, tgUser, tgViolations } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const isoToday = () => new Date().toISOString().slice(0, 10);

/** The Telegram user's account, made as their first launch would make it. */
async function telegramAccount(person: TestTelegramUser): Promise<{ id: number; token: string }> {
  const res = await fetch(`${baseUrl()}/api/auth/telegram/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tgWebAppDataRaw: signInitData(person), unsafeFallback: false }) });
  const body = (await res.json()) as { user: { id: number }; sessionToken: string };
  return { id: body.user.id, token: body.sessionToken };
}

/** A project of a web user with `memberId` in it and one issue assigned to them, due today. */
async function assignedIssue(memberId: number, title: string): Promise<{ id: number; key: string; owner: BrowserContext }> {
  const owner = await newContext(browser);
  await registerIn(owner, uniqueEmail('shellowner'), 'Shell Owner');
  const { project } = await api<{ project: { id: number } }>(owner, 'post', '/api/projects', { key: uniqueKey('SH'), name: 'Shell' });
  await api(owner, 'put', `/api/projects/${project.id}/members/${memberId}`, { role: 'member' });
  const { issue } = await api<{ issue: { id: number; key: string } }>(owner, 'post', '/api/issues', { projectId: project.id, title, assigneeId: memberId, dueDate: isoToday(), priority: 'high' });
  return { id: issue.id, key: issue.key, owner };
}

async function expectNoWebsiteChrome(page: Page) {
  await page.getByTestId('tabbar').waitFor();
  expect(await page.locator('header.header').count()).toBe(0);
  expect(await page.locator('footer.footer').count()).toBe(0);
  expect(await page.getByTestId('lang-switch').count()).toBe(0);
  expect(await page.getByTestId('color-mode').count()).toBe(0);
  expect(await page.getByTestId('logout').count()).toBe(0);
}

describe('app shell inside Telegram', () => {
  it('lands an English user on My work with their assigned issue, tabs and no website chrome; Profile offers only the language', async () => {
    const person = tgUser({ language_code: 'en', first_name: 'Shell' });
    const account = await telegramAccount(person);
    const { id, key, owner } = await assignedIssue(account.id, 'Ship the mini app');
    // They watch it, and the owner changes it: that shows under "On issues I watch".
    const watch = await fetch(`${baseUrl()}/api/issues/${id}/watch`, { method: 'POST', headers: { 'x-session-token': account.token } });
    expect(watch.status).toBe(200);
    await api(owner, 'patch', `/api/issues/${id}`, { priority: 'urgent' });
    const context = await telegramClient(browser, { platform: 'ios', theme: 'dark' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(launchUrl({ platform: 'ios', theme: 'dark', user: person }));
    await page.getByTestId('page-myWork').waitFor({ timeout: 15_000 });
    await expectNoWebsiteChrome(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My issues');
    const row = page.locator(`[data-testid="my-issue"][data-issue-key="${key}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Ship the mini app');
    expect(await page.getByTestId('my-group-today').locator('[data-testid="my-issue"]').count()).toBe(1);
    expect(await page.getByTestId('tab-myWork').getAttribute('aria-current')).toBe('page');
    const activity = page.getByTestId('my-activity-item').filter({ hasText: 'changed the priority' });
    await activity.waitFor();
    expect(await activity.textContent()).toContain('Shell Owner');
    expect(await activity.textContent()).toContain(key);

    // Assigned while the screen is open: it appears live, without a reload.
    await waitForLive(page);
    const project = (await api<{ issue: { projectId: number } }>(owner, 'get', `/api/issues/${id}`)).issue.projectId;
    await api(owner, 'post', '/api/issues', { projectId: project, title: 'Arrived live', assigneeId: account.id });
    await page.getByTestId('my-group-none').getByText('Arrived live').waitFor();

    // The tab bar sits above the home indicator: iOS reports a 34 px bottom safe area.
    const bar = await page.locator('.tabbar__bar').evaluate((el) => ({ pad: getComputedStyle(el).paddingBottom, bottom: el.getBoundingClientRect().bottom }));
    expect(bar.pad).toBe('34px');
    expect(bar.bottom).toBe(await page.evaluate(() => window.innerHeight));

    // The phone's tabs reach the inbox (its badge counts what is unread) and, through More, the rest.
    expect(await page.getByTestId('tab-inbox').innerText()).toContain('Inbox');
    await page.getByTestId('tab-inbox-badge').waitFor(); // the assignment above is unread
    await page.getByTestId('tab-more').click();
    const sheet = page.getByTestId('more-sheet');
    await sheet.waitFor();
    for (const id of ['more-search', 'more-calendar', 'more-streams', 'more-timesheet', 'more-profile']) expect(await sheet.getByTestId(id).count(), id).toBe(1);
    expect((await sheet.getByTestId('more-calendar').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await tgViolations(page)).toEqual([]);
    await sheet.getByTestId('more-profile').click();
    await page.getByTestId('shell-settings').waitFor();
    expect(await page.getByTestId('more-sheet').count()).toBe(0);
    expect(await page.getByTestId('tab-more').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('shell-settings').getByTestId('lang-switch').count()).toBe(1);
    expect(await page.getByTestId('color-mode').count()).toBe(0);
    expect(await page.getByTestId('logout').count()).toBe(0);
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await owner.close();
  });

  it('opens My work with a short notice for a start parameter that names nothing', async () => {
    const person = tgUser({ language_code: 'en' });
    const context = await telegramClient(browser, { platform: 'android', theme: 'light' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'android', theme: 'light', user: person, startParam: 'nonsense_42' }));
    await page.getByTestId('page-myWork').waitFor({ timeout: 15_000 });
    await page.getByTestId('toast').filter({ hasText: 'This link opens nothing here' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/en');
    await expectNoWebsiteChrome(page);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows "Open the app again from the bot" for tampered init data, in the user\'s language, and its button opens the bot', async () => {
    const tampered = signInitData(tgUser({ first_name: 'Honest', language_code: 'ru' })).replace('Honest', 'Mallory');
    const context = await telegramClient(browser, { platform: 'android', theme: 'dark' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'android', theme: 'dark', initData: tampered }));
    const screen = page.getByTestId('tg-reopen');
    await screen.waitFor({ timeout: 15_000 });
    expect(await screen.getByRole('heading').textContent()).toBe('Откройте приложение заново из бота');
    expect(await page.locator('form input[type="password"]').count()).toBe(0);
    expect(await page.locator('header.header').count()).toBe(0);
    await page.getByTestId('tg-reopen-button').click();
    await expect.poll(async () => (await tgCalls(page, 'web_app_open_tg_link')).map((c) => c.params)).toEqual([{ path_full: `/${E2E_BOT_USERNAME}` }]);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });

  it('a new user without a project creates the first one in two taps, then quick-adds an issue that appears without a reload', async () => {
    const context = await telegramClient(browser, { platform: 'tdesktop', theme: 'dark' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'tdesktop', theme: 'dark', user: tgUser({ language_code: 'en' }) }));
    await page.getByTestId('onboarding').waitFor({ timeout: 15_000 });
    const name = `Garden ${Date.now().toString(26).toUpperCase().replace(/[^A-Z]/g, '')}`;
    await page.getByTestId('onboarding-name').fill(name);
    expect(await page.getByTestId('onboarding-key').inputValue()).toMatch(/^[A-Z]{2,10}$/);
    await page.getByTestId('onboarding-create').click();
    await page.getByTestId('my-quick-add').waitFor();
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.getByTestId('qa-input').fill('Water the plants tomorrow !high');
    await expect.poll(() => page.getByTestId('qa-chip').count()).toBe(2);
    await page.getByTestId('qa-input').press('Enter');
    const row = page.getByTestId('my-group-week').or(page.getByTestId('my-group-later')).locator('[data-testid="my-issue"]', { hasText: 'Water the plants' });
    await row.waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    // A token the line's project cannot take is marked beside it, and nothing is created.
    await page.getByTestId('qa-input').fill('Call the vet @nobody #nosuchlabel');
    await expect.poll(() => page.locator('[data-testid="qa-chip"].qa-chip--unresolved').count()).toBe(2);
    expect(await page.locator('[data-testid="qa-chip"][data-kind="label"]').textContent()).toContain('(not found)');
    await page.getByTestId('qa-input').press('Enter');
    await page.getByTestId('my-quick-refused').waitFor();
    expect(await page.getByTestId('qa-input').inputValue()).toBe('Call the vet @nobody #nosuchlabel');
    expect(await page.locator('[data-testid="my-issue"]', { hasText: 'Call the vet' }).count()).toBe(0);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });

  it('a Russian newcomer opens the demo project, in Russian, and finds its sample issues on My work by due date', async () => {
    const context = await telegramClient(browser, { platform: 'android', theme: 'light' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'android', theme: 'light', user: tgUser({ language_code: 'ru' }) }));
    await page.getByTestId('onboarding').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Мои задачи');
    await page.getByTestId('onboarding-demo').click();
    await page.getByTestId('page-project').waitFor();
    await page.getByText('Демо: запуск сайта').first().waitFor();
    await page.getByTestId('tab-myWork').click();
    await page.getByTestId('my-quick-add').waitFor();
    for (const group of ['overdue', 'today', 'none']) await page.getByTestId(`my-group-${group}`).waitFor();
    expect(await page.getByTestId('my-group-overdue').getByRole('heading').textContent()).toContain('Просрочено');
    // Nine sample issues, one done and one canceled: seven open ones are mine.
    expect(await page.getByTestId('my-issue').count()).toBe(7);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('app shell in a browser', () => {
  it('a signed-in phone-width browser gets the shell with colour mode and sign-out on Profile; a tablet keeps the website header, a desktop gets the sidebar', async () => {
    const phone = await newContext(browser, { viewport: { width: 390, height: 800 } });
    await registerIn(phone, uniqueEmail('phone'), 'Phone User');
    const page = await phone.newPage();
    const errors = watchErrors(page);
    await page.goto('/en');
    await page.getByTestId('page-myWork').waitFor();
    await expectNoWebsiteChrome(page);
    await page.getByTestId('onboarding').waitFor();
    const axe = await axeRun(page);
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.getByTestId('tab-more').click();
    await page.getByTestId('more-profile').click();
    await page.getByTestId('shell-settings').waitFor();
    for (const id of ['lang-switch', 'color-mode', 'logout']) expect(await page.getByTestId('shell-settings').getByTestId(id).count(), id).toBe(1);
    // Wider than a phone: the website again, live; from 1024 px the desktop app with its sidebar.
    await page.setViewportSize({ width: 800, height: 800 });
    await page.locator('header.header').waitFor();
    expect(await page.getByTestId('tabbar').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('sidebar').waitFor();
    expect(await page.locator('header.header').count()).toBe(0);
    expect(errors).toEqual([]);
    await phone.close();

    const desktop = await newContext(browser, { viewport: { width: 1280, height: 800 } });
    await registerIn(desktop, uniqueEmail('desk'), 'Desk User');
    const wide = await desktop.newPage();
    await wide.goto('/en');
    await wide.getByTestId('sidebar').getByTestId('user-menu').waitFor();
    expect(await wide.locator('header.header').count()).toBe(0);
    expect(await wide.getByTestId('tabbar').count()).toBe(0);
    // Signed in, the home is my work on the desktop too (issue 15); the marketing page is for visitors.
    await wide.getByTestId('page-myWork').waitFor();
    expect(await wide.getByTestId('nav-myIssues').getAttribute('aria-current')).toBe('page');
    // A newcomer gets the same start on the desktop as on a phone: a first project with its key suggested, or the demo.
    await wide.getByTestId('onboarding').waitFor();
    await wide.getByTestId('onboarding-name').fill('Garden party');
    expect(await wide.getByTestId('onboarding-key').inputValue()).toMatch(/^[A-Z]{2,10}$/);
    expect(await wide.getByTestId('onboarding-demo').isEnabled()).toBe(true);
    // The sidebar folds to icons and stays so after a reload.
    await wide.getByTestId('sidebar-toggle').click();
    await wide.reload();
    await wide.locator('[data-testid="sidebar"][data-collapsed]').waitFor();
    await wide.keyboard.press('[');
    await wide.locator('[data-testid="sidebar"]:not([data-collapsed])').waitFor();
    await desktop.close();
  });
});
