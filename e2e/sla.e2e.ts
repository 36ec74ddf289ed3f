// SLAs (issue 29, docs/sla.md) in the browser: an owner turns them on in the project settings and
// marks a status as waiting; the list and the board show "breaches in…", the "at risk" filter finds
// the issue, a waiting issue says its clock is paused, and the issue page shows its deadlines.
import type { IssueDetail } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { SlaResponse } from '@tracker/shared/api/sla';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueKey, until, watchErrors } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let project: ProjectDetailResponse;

const rowKeys = () => page.getByTestId('issue-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-issue-key')));
const badgeOf = (key: string) => page.locator(`[data-testid="issue-row"][data-issue-key="${key}"] [data-testid="issue-sla"]`);
const newIssue = async (title: string, priority: string) => (await api<{ issue: IssueDetail }>(context, 'post', '/api/issues', { projectId: project.project.id, title, priority })).issue;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  await registerIn(context, undefined, 'Sla Owner');
  await api(context, 'patch', '/api/user/profile', { locale: 'en' });
  project = await api<ProjectDetailResponse>(context, 'post', '/api/projects', { key: uniqueKey('SL'), name: 'Support' });
  page = await context.newPage();
  errors = watchErrors(page);
});
afterAll(() => browser?.close());

describe('SLAs', () => {
  it('are turned on in the project settings, with a target per priority', async () => {
    await page.goto(`/en/projects/${project.project.key}/edit/sla`);
    const form = page.getByTestId('sla-settings');
    await form.waitFor();
    await form.getByTestId('sla-enabled').locator('.switch-row__label').click();
    await form.getByTestId('sla-urgent-respondHours').fill('4');
    // A target of 0 hours is refused under its field, in the page's language, before anything is sent.
    await form.getByTestId('sla-high-resolveHours').fill('0');
    await form.getByTestId('sla-save').click();
    await form.locator('.field__error').first().waitFor();
    await form.getByTestId('sla-high-resolveHours').fill('');
    await form.getByTestId('sla-save').click();
    await page.getByTestId('toast').filter({ hasText: 'SLA saved' }).waitFor();
    const { sla } = await api<SlaResponse>(context, 'get', `/api/projects/${project.project.id}/sla`);
    expect(sla).toMatchObject({ enabled: true, targets: { urgent: { respondHours: 4, resolveHours: 24 }, high: { respondHours: 168, resolveHours: null } } });
  });

  it('marks a status as waiting in the workflow editor', async () => {
    await page.goto(`/en/projects/${project.project.key}/edit/workflow`);
    const name = 'In Review';
    const row = page.locator(`[data-testid="status-row"][data-name="${name}"]`);
    await row.getByTestId('status-waiting').check();
    await until(
      async () => (await api<ProjectDetailResponse>(context, 'get', `/api/projects/${project.project.id}`)).statuses.find((s) => s.name === name)?.waiting,
      (waiting) => waiting === true,
      'the status to be waiting',
    );
  });

  it('shows "breaches in…" on list rows and board cards, and finds the issue under "at risk"', async () => {
    const urgent = await newIssue('Checkout is down', 'urgent');
    const low = await newIssue('Typo on the about page', 'low');
    await page.goto(`/en/issues?project=${project.project.key}`);
    await page.getByTestId('issue-row').first().waitFor();
    await badgeOf(urgent.key).waitFor();
    expect(await badgeOf(urgent.key).textContent()).toBe('Breaches in 3 h');
    expect(await badgeOf(urgent.key).getAttribute('data-sla')).toBe('risk');
    expect(await badgeOf(low.key).count()).toBe(0);

    await page.getByTestId('filter-more').click();
    await page.getByTestId('filter-sla').selectOption('at-risk');
    await page.waitForURL((u) => u.searchParams.get('sla') === 'at-risk');
    await until(rowKeys, (keys) => keys.length === 1, 'one row at risk');
    expect(await rowKeys()).toEqual([urgent.key]);

    await page.goto(`/en/issues?project=${project.project.key}&layout=board`);
    const card = page.locator(`[data-testid="board-card"][data-issue-key="${urgent.key}"]`);
    expect(await card.getByTestId('issue-sla').textContent()).toBe('Breaches in 3 h');
  });

  it('says a waiting issue\'s clock is paused, and its page shows the deadlines', async () => {
    const issue = await newIssue('Refund for order 1042', 'urgent');
    const waiting = (await api<ProjectDetailResponse>(context, 'get', `/api/projects/${project.project.id}`)).statuses.find((s) => s.waiting)!;
    await api(context, 'patch', `/api/issues/${issue.id}`, { statusId: waiting.id });
    await page.goto(`/en/issues?project=${project.project.key}`);
    // The page may first paint the issue as this browser's store last kept it (created, not yet
    // waiting), then catch up with the server: the badge is waited for, not read once.
    await expect.poll(() => badgeOf(issue.key).textContent()).toBe('SLA paused');

    await page.goto(`/en/issues/${issue.key}`);
    const deadlines = page.getByTestId('issue-sla-deadlines');
    await deadlines.waitFor();
    expect(await deadlines.getByTestId('issue-sla-respond').textContent()).toMatch(/^First response by /);
    expect(await deadlines.getByTestId('issue-sla-resolve').textContent()).toMatch(/^Resolution by /);
    expect(await deadlines.textContent()).toContain('SLA paused');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
