// The /issues journey: filters in the URL, saved views, board drag, bulk edit, the command palette
// and live updates from another user. Data is created through the API; the UI is driven like a user.
import type { IssueDetail } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y-kit.ts';
import { api, launchBrowser, newContext, pickIn, registerIn, until, waitForLive, watchErrors } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let me: { id: number };
let project: ProjectDetailResponse;
const issues: Record<'a' | 'b' | 'c', IssueDetail> = {} as never;

const letters = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!res.ok()) throw new Error(`${res.url()} → ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

async function getIssue(request: APIRequestContext, key: string): Promise<IssueDetail> {
  return (await ok<{ issue: IssueDetail }>(await request.get(`/api/issues/${key}`))).issue;
}

const rowKeys = async () => page.getByTestId('issue-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-issue-key')));

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  me = await registerIn(context, undefined, 'List Owner');
  const key = `L${letters()}`;
  project = await ok<ProjectDetailResponse>(await context.request.post('/api/projects', { data: { key, name: `List ${key}` } }));
  const make = async (title: string, priority: string, assigneeId: number | null) =>
    (await ok<{ issue: IssueDetail }>(await context.request.post('/api/issues', { data: { projectId: project.project.id, title, priority, assigneeId } }))).issue;
  issues.a = await make('Alpha: fix the login form', 'high', me.id);
  issues.b = await make('Bravo: write the release notes', 'low', me.id);
  issues.c = await make('Charlie: nobody owns this yet', 'high', null);
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(() => browser?.close());

describe('/issues', () => {
  it('filters by assignee = me and priority, the URL follows, and a reload keeps them', async () => {
    await page.goto(`/en/issues?project=${project.project.key}`);
    await page.getByTestId('page-issues').waitFor();
    await page.getByTestId('issue-row').first().waitFor();
    expect((await rowKeys()).sort()).toEqual([issues.a.key, issues.b.key, issues.c.key].sort());
    // The properties on the right sit in columns: every row's status starts at the same x.
    await page.locator('.issue-row .status-chip').nth(2).waitFor();
    const starts = await page.locator('.issue-row .status-chip').evaluateAll((chips) => chips.map((c) => Math.round(c.getBoundingClientRect().left)));
    expect(new Set(starts).size).toBe(1);

    await page.getByTestId('filter-assignee').click();
    await page.getByTestId('filter-option-assignee-me').click();
    await page.waitForURL((u) => u.searchParams.get('assignee') === 'me');
    await page.keyboard.press('Escape');
    await page.getByTestId('filter-priority').click();
    await page.getByTestId('filter-option-priority-high').click();
    await page.waitForURL((u) => u.searchParams.get('priority') === 'high');
    await page.keyboard.press('Escape');
    await until(rowKeys, (k) => k.length === 1, 'one row');
    expect(await rowKeys()).toEqual([issues.a.key]);

    await page.reload();
    await page.getByTestId('issue-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('assignee')).toBe('me');
    expect(await rowKeys()).toEqual([issues.a.key]);
  });

  it('saves the filters as a view and reopens it from the views menu', async () => {
    const name = `Mine high ${letters()}`;
    await page.getByTestId('view-save').click();
    await page.getByTestId('view-name').fill(name);
    await page.getByTestId('view-submit').click();
    await page.getByTestId('view-dialog').waitFor({ state: 'detached' });

    await page.goto('/en/issues');
    await page.getByTestId('page-issues').waitFor();
    await page.getByTestId('views-menu').click();
    await page.getByRole('dialog', { name: 'Views' }).waitFor();
    expect(await axeProblems(page, 'the views popover')).toEqual([]);
    await page.locator(`[data-testid="view-item"][data-view-name="${name}"] [data-testid="view-open"]`).click();
    await page.waitForURL((u) => u.searchParams.get('assignee') === 'me' && u.searchParams.get('priority') === 'high');
    await until(rowKeys, (k) => k.length === 1 && k[0] === issues.a.key, 'only issue A');
    expect(await rowKeys()).toEqual([issues.a.key]);
  });

  it('renames a view from the menu and deletes it, through the store', async () => {
    const { view } = await api<{ view: { id: number } }>(context, 'post', '/api/views', { name: `Old ${letters()}`, projectId: null, query: {}, layout: 'list', groupBy: 'none' });
    await page.goto('/en/issues');
    await page.getByTestId('page-issues').waitFor();
    const menu = page.getByRole('dialog', { name: 'Views' });
    const item = (name: string) => page.locator(`[data-testid="view-item"][data-view-name="${name}"]`);
    const openMenu = async () => (await menu.isVisible()) || (await page.getByTestId('views-menu').click());
    await openMenu();
    const oldName = (await page.locator('[data-testid="view-item"][data-view-name^="Old "]').first().getAttribute('data-view-name'))!;

    const newName = `New ${letters()}`;
    await item(oldName).getByTestId('view-rename').click();
    await page.getByTestId('view-name').fill(newName);
    await page.getByTestId('view-submit').click();
    await page.getByTestId('view-dialog').waitFor({ state: 'detached' });
    await openMenu();
    await item(newName).waitFor();
    await expect.poll(async () => (await api<{ views: { id: number; name: string }[] }>(context, 'get', '/api/views')).views.find((v) => v.id === view.id)?.name).toBe(newName);

    // Deleted: gone from the menu and from the server (a refusal's roll-back: store/write-rows.test.ts).
    await item(newName).getByTestId('view-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await openMenu();
    await item(newName).waitFor({ state: 'detached' });
    await expect.poll(async () => (await api<{ views: { id: number }[] }>(context, 'get', '/api/views')).views.some((v) => v.id === view.id)).toBe(false);
  });

  it('drags a card to another column on the board', async () => {
    await page.goto(`/en/issues?project=${project.project.key}&layout=board`);
    const card = page.locator(`[data-testid="board-card"][data-issue-key="${issues.a.key}"]`);
    await card.waitFor();
    const from = issues.a.statusId;
    const target = project.statuses.find((s) => s.id !== from && s.category === 'started') ?? project.statuses.find((s) => s.id !== from)!;
    const column = page.locator(`[data-testid="board-column"][data-column-id="${target.id}"]`);
    await column.scrollIntoViewIfNeeded();
    const c = (await card.boundingBox())!;
    await page.mouse.move(c.x + 20, c.y + 12);
    await page.mouse.down();
    await page.mouse.move(c.x + 40, c.y + 30, { steps: 4 });
    const col = (await column.boundingBox())!;
    await page.mouse.move(col.x + col.width / 2, col.y + 60, { steps: 10 });
    await page.mouse.up();
    // Optimistic: the card is in the new column at once; the server agrees.
    await column.locator(`[data-issue-key="${issues.a.key}"]`).waitFor();
    const moved = await until(() => getIssue(context.request, issues.a.key), (i) => i.statusId === target.id, 'the new status');
    expect(moved.statusId).toBe(target.id);
  });

  it('moves a card from its menu by keyboard (the board’s way without a pointer)', async () => {
    await page.goto(`/en/issues?project=${project.project.key}&layout=board`);
    const card = page.locator(`[data-testid="board-card"][data-issue-key="${issues.b.key}"]`);
    await card.waitFor();
    const button = card.getByTestId('card-menu');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Move to status' });
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitemradio', { checked: true }).getAttribute('data-testid')).toBe(`move-to-${issues.b.statusId}`);
    expect(await axeProblems(page, 'the card menu')).toEqual([]);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Still open: the later tests list it.
    const target = project.statuses.find((s) => s.id !== issues.b.statusId && s.category === 'started')!;
    await page.keyboard.press('Enter');
    await menu.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    for (let i = 0; i < project.statuses.length && (await focused()) !== `move-to-${target.id}`; i++) await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(`move-to-${target.id}`);
    await page.keyboard.press('Enter');
    await page.locator(`[data-testid="board-column"][data-column-id="${target.id}"] [data-issue-key="${issues.b.key}"]`).waitFor();
    const moved = await until(() => getIssue(context.request, issues.b.key), (i) => i.statusId === target.id, 'the status chosen in the menu');
    expect(moved.statusId).toBe(target.id);
  });

  it('bulk-edits the priority and the labels of two selected issues', async () => {
    await page.goto(`/en/issues?project=${project.project.key}&sort=key&order=asc`);
    await page.getByTestId('issue-row').first().waitFor();
    await page.locator(`[data-issue-key="${issues.a.key}"] [data-testid="issue-select"]`).click();
    await page.locator(`[data-issue-key="${issues.b.key}"] [data-testid="issue-select"]`).click();
    await page.getByTestId('bulk-bar').waitFor();
    // The boxes show the selection (a click's default, if cancelled, would uncheck them on screen).
    for (const key of [issues.a.key, issues.b.key]) await expect.poll(() => page.locator(`[data-issue-key="${key}"] [data-testid="issue-select"]`).isChecked()).toBe(true);
    expect(await page.locator(`[data-issue-key="${issues.c.key}"] [data-testid="issue-select"]`).isChecked()).toBe(false);
    // Toasts rise above the bar instead of covering it, where the bar floats at the window's bottom.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 300 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = (await page.getByTestId('bulk-bar').boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(300 - 40); // floating at the bottom
    const toasts = (await page.getByTestId('toasts').boundingBox())!;
    expect(toasts.y + toasts.height).toBeLessThanOrEqual(bar.y);
    await page.setViewportSize(size);
    await pickIn(page, 'bulk-priority', 'Urgent');
    const [a, b] = await until(
      () => Promise.all([getIssue(context.request, issues.a.key), getIssue(context.request, issues.b.key)]),
      (list) => list.every((i) => i.priority === 'urgent'),
      'both priorities',
    );
    expect([a.priority, b.priority]).toEqual(['urgent', 'urgent']);
    expect((await getIssue(context.request, issues.c.key)).priority).toBe('high');

    // Labels: a label chosen is added to both, chosen again it is removed from both; the picker stays open.
    const label = project.labels[0]!;
    await pickIn(page, 'bulk-labels', label.name);
    const labelled = (want: boolean) => (list: IssueDetail[]) => list.every((i) => i.labelIds.includes(label.id) === want);
    const both = () => Promise.all([getIssue(context.request, issues.a.key), getIssue(context.request, issues.b.key)]);
    await until(both, labelled(true), 'the label on both');
    const option = page.getByTestId('bulk-labels-option').filter({ hasText: label.name });
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await pickIn(page, 'bulk-labels', label.name);
    await until(both, labelled(false), 'the label off both');
    expect((await getIssue(context.request, issues.c.key)).labelIds).toEqual([]);
  });

  it('opens an issue by key from the command palette', async () => {
    await page.goto('/en/issues');
    await page.getByTestId('page-issues').waitFor();
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').waitFor();
    await page.keyboard.type(issues.b.key.toLowerCase());
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/en/issues/${issues.b.key}`);
    expect(await page.getByTestId('palette').count()).toBe(0);
  });

  it('shows another user’s change without a reload', async () => {
    const other = await newContext(browser);
    const user = await registerIn(other, undefined, 'Other Member');
    await ok(await context.request.put(`/api/projects/${project.project.id}/members/${user.id}`, { data: { role: 'member' } }));

    await page.goto(`/en/issues?project=${project.project.key}`);
    await page.locator(`[data-issue-key="${issues.c.key}"]`).waitFor();
    await waitForLive(page);
    const title = `Charlie renamed live ${letters()}`;
    const started = Date.now();
    await ok(await other.request.patch(`/api/issues/${issues.c.id}`, { data: { title } }));
    await page.locator(`[data-issue-key="${issues.c.key}"] [data-testid="issue-title"]`).filter({ hasText: title }).waitFor({ timeout: 2500 });
    expect(Date.now() - started).toBeLessThan(2500);
    await other.close();
    expect(errors).toEqual([]);
  });

  it('counts a group by its whole size, not by the rows on screen', async () => {
    const key = `G${letters()}`;
    const many = await ok<ProjectDetailResponse>(await context.request.post('/api/projects', { data: { key, name: `Groups ${key}` } }));
    // One at a time: 60 at once would be the rate limit's business, not this test's.
    for (let n = 0; n < 60; n++) await ok(await context.request.post('/api/issues', { data: { projectId: many.project.id, title: `Task ${n}`, priority: n < 55 ? 'low' : 'urgent' } }));
    await page.goto(`/en/issues?project=${key}&group=priority&sort=priority&order=desc`);
    const header = (name: string) => page.getByTestId('group-header').filter({ hasText: name });
    await header('Urgent').waitFor();
    // The first 50 rows on screen: 5 urgent, 45 low; the header counts all 55.
    expect(await page.getByTestId('issue-row').count()).toBe(50);
    await expect.poll(() => header('Low').locator('.issue-group__count').textContent()).toBe('55');
    expect(await header('Urgent').locator('.issue-group__count').textContent()).toBe('5');
  });

  it('filters by kind of status across projects, by status within one', async () => {
    await page.goto('/en/issues');
    await page.getByTestId('page-issues').waitFor();
    await page.getByTestId('filter-category').waitFor();
    expect(await page.getByTestId('filter-status').count()).toBe(0); // no disabled status filter
    await page.getByTestId('filter-category').click();
    await page.getByTestId('filter-option-category-started').click();
    await page.waitForURL((u) => u.searchParams.get('category') === 'started');
    await page.keyboard.press('Escape');
    await page.goto(`/en/issues?project=${project.project.key}`);
    await page.getByTestId('filter-status').waitFor();
    expect(await page.getByTestId('filter-status').isDisabled()).toBe(false);
  });
});
