// The Triage view (issue 26): a project's new issues wait in its Triage tab; keys 1, 2, 3 and H on
// the focused row accept (with the priority chosen beside it), mark a duplicate, decline with a
// reason, and snooze — in the page's language, each an ordinary edit of the issue.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueKey, watchErrors } from './browser.ts';

let browser: Browser;
let owner: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser);
  await registerIn(owner, undefined, 'Triage Owner');
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

type Issue = { id: number; key: string };

describe('triage', () => {
  it('acts on the focused row with 1, 2, 3 and H (en)', async () => {
    const { project } = await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key: uniqueKey('TR', 8), name: 'Support' });
    const { status } = await api<{ status: { id: number } }>(owner, 'post', `/api/projects/${project.id}/statuses`, { name: 'Triage', category: 'triage' });
    const titles = ['Login button does nothing', 'Export hangs', 'Typo on the pricing page', 'Login is broken again'];
    const issues: Issue[] = [];
    for (const title of titles) issues.push((await api<{ issue: Issue }>(owner, 'post', '/api/issues', { projectId: project.id, title, statusId: status.id })).issue);
    const category = async (issue: Issue) => {
      const { issue: full } = await api<{ issue: { status: { category: string }; priority: string } }>(owner, 'get', `/api/issues/${issue.id}`);
      return `${full.status.category} ${full.priority}`;
    };

    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/en/projects/${project.key}?tab=triage`);
    const row = (issue: Issue) => page.locator(`[data-testid="triage-row"][data-issue-key="${issue.key}"]`);
    await row(issues[0]!).waitFor();
    expect(await page.getByTestId('triage-row').count()).toBe(4);

    // 1: accept, with the priority picked on the row.
    await row(issues[0]!).getByTestId('triage-priority').selectOption('high');
    await row(issues[0]!).focus();
    await page.keyboard.press('1');
    await row(issues[0]!).waitFor({ state: 'detached' });
    expect(await category(issues[0]!)).toBe('unstarted high');

    // ↓ then 3: decline, with a reason.
    await row(issues[1]!).focus();
    await page.keyboard.press('3');
    await row(issues[1]!).getByTestId('triage-reason').fill('Fixed in 2.1');
    await row(issues[1]!).getByTestId('triage-decline-confirm').click();
    await row(issues[1]!).waitFor({ state: 'detached' });
    expect(await category(issues[1]!)).toBe('canceled none');

    // H: snooze for a day; it stays, marked, at the end.
    await row(issues[2]!).focus();
    await page.keyboard.press('h');
    await row(issues[2]!).getByTestId('triage-snooze-1').click();
    await row(issues[2]!).getByTestId('triage-snoozed').waitFor();
    expect(await page.getByTestId('triage-row').last().getAttribute('data-issue-key')).toBe(issues[2]!.key);

    // 2: a duplicate of the accepted one.
    await row(issues[3]!).focus();
    await page.keyboard.press('2');
    await row(issues[3]!).getByTestId('triage-duplicate-of').fill(issues[0]!.key);
    await row(issues[3]!).getByTestId('triage-duplicate-of').press('Enter');
    await row(issues[3]!).waitFor({ state: 'detached' });
    expect(await category(issues[3]!)).toBe('canceled none');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is a tab only where Triage is on, and says so when empty (ru)', async () => {
    const { project } = await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key: uniqueKey('TE', 8), name: 'Пустой' });
    const page = await owner.newPage();
    await page.goto(`/projects/${project.key}`);
    await page.getByTestId('project-tab-list').waitFor();
    expect(await page.getByTestId('project-tab-triage').count()).toBe(0);
    await api(owner, 'post', `/api/projects/${project.id}/statuses`, { name: 'Разбор', category: 'triage' });
    await page.goto(`/projects/${project.key}?tab=triage`);
    expect(await page.getByTestId('triage-empty').textContent()).toBe('На разборе ничего нет.');
    expect(await page.getByTestId('project-tab-triage').textContent()).toBe('Разбор');
    await page.close();
  });

  it('waits in the inbox too, for every project where I am a member, with the project’s people to assign (en)', async () => {
    const keys = [uniqueKey('TA', 8), uniqueKey('TB', 8)];
    for (const [n, key] of keys.entries()) {
      const { project } = await api<{ project: { id: number } }>(owner, 'post', '/api/projects', { key, name: `Inbox ${n}` });
      const { status } = await api<{ status: { id: number } }>(owner, 'post', `/api/projects/${project.id}/statuses`, { name: 'Triage', category: 'triage' });
      await api(owner, 'post', '/api/issues', { projectId: project.id, title: `Waiting in ${key}`, statusId: status.id });
    }
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/inbox');
    await page.getByTestId('inbox-filter-triage').click();
    await page.getByTestId('triage-list').waitFor();
    const row = (key: string) => page.locator(`[data-testid="triage-row"]`, { hasText: `Waiting in ${key}` });
    await row(keys[1]!).waitFor();
    expect(await page.getByTestId('inbox-filter-triage').textContent()).toBe('Triage');
    // Accept assigns one of that project's people (the store knows them).
    await row(keys[0]!).getByTestId('triage-assignee').selectOption({ label: 'Triage Owner' });
    await row(keys[0]!).getByTestId('triage-accept').click();
    await row(keys[0]!).waitFor({ state: 'detached' });
    expect(await row(keys[1]!).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
