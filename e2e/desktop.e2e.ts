// The desktop app (issue 15) on a 1440 px window: a signed-in `/en/` is my assigned work, the
// sidebar leads everywhere, rows use the full width, groups fold, a row peeks beside the list and
// the issue page answers one-key shortcuts.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, pickedIn, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';

let browser: Browser;
let mine: BrowserContext;
let page: Page;
let errors: string[];
let project: { id: number; key: string };
const issues: { id: number; key: string; title: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  mine = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const me = await registerIn(mine, uniqueEmail('desk'), 'Desk Person');
  const mate = await newContext(browser);
  await registerIn(mate, uniqueEmail('mate'), 'Team Mate');
  const key = uniqueKey('DK');
  project = (await api<{ project: { id: number; key: string } }>(mate, 'post', '/api/projects', { key, name: 'Desk work' })).project;
  await api(mate, 'put', `/api/projects/${project.id}/members/${me.id}`, { role: 'member' });
  for (const title of ['Assigned by a teammate', 'Second in the list', 'Third in the list']) {
    const { issue } = await api<{ issue: { id: number; key: string } }>(mate, 'post', '/api/issues', { projectId: project.id, title, assigneeId: me.id });
    issues.push({ ...issue, title });
  }
  await mate.close();
  page = await mine.newPage();
  errors = watchErrors(page);
});
afterAll(() => browser?.close());

describe('the desktop app', () => {
  it('opens my assigned issues at /en/, with the sidebar and no website header', async () => {
    await page.goto('/en/');
    await page.getByTestId('page-myWork').getByText(issues[0]!.title).waitFor();
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getByTestId('nav-myIssues').getAttribute('aria-current')).toBe('page');
    await sidebar.getByTestId('sidebar-project').filter({ hasText: 'Desk work' }).waitFor();
    // The teammate's three assignments reach the inbox; its count is in the sidebar, live.
    await expect.poll(() => sidebar.getByTestId('sidebar-inbox-unread').textContent().catch(() => null), { timeout: 15_000 }).toBe('3');
    await sidebar.getByTestId('nav-inbox').click();
    await page.getByTestId('inbox-unread').waitFor();
    expect(await sidebar.getByTestId('nav-inbox').getAttribute('aria-current')).toBe('page');
    expect(await page.locator('header.header').count()).toBe(0);
    expect(await page.title()).toMatch(/ · Tracker$/);
  });

  it('lists issues in dense rows across the full width, with foldable groups', async () => {
    await page.getByTestId('sidebar').getByTestId('nav-issues').click();
    await page.goto(`/en/issues?project=${project.key}&group=status`);
    const row = page.getByTestId('issue-row').first();
    await row.waitFor();
    const sidebar = (await page.getByTestId('sidebar').boundingBox())!;
    // The work area is the window less the sidebar and its padding: no centred column (once the
    // sidebar's chunk and its desktop rules are in: a placeholder holds its place meanwhile).
    await expect.poll(async () => (await row.boundingBox())!.width).toBeGreaterThan(1440 - sidebar.width - 80);
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(36);
    const toggle = page.getByTestId('group-toggle').first();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.getByTestId('issue-row').count()).toBe(0);
    await toggle.click();
    await expect.poll(() => page.getByTestId('issue-row').count()).toBe(3);
  });

  it('peeks at a row beside the list: click or Space, j moves it along, Escape closes, Enter opens the page', async () => {
    const rows = page.getByTestId('issue-row');
    await rows.first().locator('.issue-row__meta').click({ position: { x: 2, y: 2 } });
    const peekTitle = page.getByTestId('peek-title');
    const firstTitle = await rows.first().getByTestId('issue-title').textContent();
    await expect.poll(() => peekTitle.textContent()).toBe(firstTitle);
    expect(page.url()).toContain('/en/issues');
    await page.keyboard.press('j');
    const secondTitle = await rows.nth(1).getByTestId('issue-title').textContent();
    await expect.poll(() => peekTitle.textContent()).toBe(secondTitle);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('issue-peek').count()).toBe(0);
    await page.keyboard.press(' ');
    await expect.poll(() => peekTitle.textContent()).toBe(secondTitle);
    await page.keyboard.press('Enter');
    await page.locator('#page-title-issue', { hasText: secondTitle! }).waitFor();
  });

  it('acts on the open issue from the palette: the priority changes on the page and on the server', async () => {
    await page.getByTestId('issue-status').waitFor();
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').fill('priority urgent');
    await page.getByTestId('palette-item').first().waitFor();
    expect(await page.getByTestId('palette-item').first().textContent()).toContain('Set priority: Urgent');
    await page.keyboard.press('Enter');
    await expect.poll(() => pickedIn(page, 'issue-priority')).toBe('urgent');
    const key = (await page.getByTestId('issue-key').textContent())!;
    await expect.poll(async () => (await api<{ issue: { priority: string } }>(mine, 'get', `/api/issues/${key}`)).issue.priority).toBe('urgent');
  });

  it('renders rich text: a hover card on an issue key, highlighted code, task boxes, mention chips', async () => {
    const { issue } = await api<{ issue: { key: string } }>(mine, 'post', '/api/issues', {
      projectId: project.id,
      title: 'Rich text',
      description: `Follows ${issues[0]!.key}, ask @TeamMate.\n\n- [ ] write\n- [x] test\n\n\`\`\`ts\nconst answer = 42;\n\`\`\``,
    });
    await page.goto(`/en/issues/${issue.key}`);
    // The page's own answer is in (the properties are editable): the text will not be drawn again.
    await expect.poll(() => page.getByTestId('issue-status').isEnabled()).toBe(true);
    const text = page.getByTestId('issue-description');
    await text.locator('.hljs-keyword').first().waitFor();
    expect(await text.locator('.mention').textContent()).toBe('@TeamMate');
    expect(await text.locator('input[type="checkbox"]:checked').count()).toBe(1);
    await text.locator('a.issue-ref').hover();
    const card = page.getByTestId('issue-card');
    await card.getByText(issues[0]!.title).waitFor();
    expect(await text.locator('a.issue-ref').getAttribute('aria-describedby')).toBe(await card.getAttribute('id'));
    await page.keyboard.press('Escape');
    await expect.poll(() => card.count()).toBe(0);
  });

  it('answers one-key shortcuts on the issue page: s opens the status, [ folds the sidebar', async () => {
    await page.getByTestId('issue-status').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    // `s` opens the status picker, its search box focused; Escape gives the focus back to its button.
    await page.keyboard.press('s');
    await expect.poll(focused).toBe('issue-status-search');
    await page.keyboard.press('Escape');
    await page.getByTestId('issue-status-panel').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('issue-status');
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    // `a` opens the assignee search; Escape closes it and leaves the page's keys working.
    await page.keyboard.press('a');
    await page.getByTestId('issue-assignee-options').waitFor();
    expect(await focused()).toBe('issue-assignee-search');
    await page.keyboard.press('Escape');
    await page.getByTestId('issue-assignee-panel').waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    await page.keyboard.press('[');
    await page.locator('[data-testid="sidebar"][data-collapsed]').waitFor();
    await page.keyboard.press('[');
    await page.locator('[data-testid="sidebar"]:not([data-collapsed])').waitFor();
    // Under a modal the page's keys wait: `?` opens the shortcuts help, whose button has the focus.
    await page.keyboard.press('?');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('shortcuts-close');
    await page.keyboard.press('[');
    await page.keyboard.press('s');
    expect(await page.locator('[data-testid="sidebar"][data-collapsed]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('shortcuts-close');
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).not.toBe('shortcuts-close');
    expect(errors).toEqual([]);
  });
});
