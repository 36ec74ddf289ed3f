// Cycles and milestones (issue 29) as a team member meets them: the project's cadence makes the
// current cycle; an issue is put in it from its page; the cycle page counts it with a burndown
// whose last day equals the completed count; a milestone is added on the project page and shows
// its progress; another browser's store follows the cycle change live.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, pickedIn, pickIn, registerIn, uniqueKey, waitForLive, watchErrors } from './browser.ts';

interface Cycle {
  id: number;
  startsOn: string;
  endsOn: string;
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let project: { id: number; key: string };
let current: Cycle;
let done: number;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await registerIn(context, undefined, 'Planner');
  const made = await api<{ project: { id: number; key: string }; statuses: { id: number; category: string }[] }>(context, 'post', '/api/projects', { key: uniqueKey('C', 6), name: 'Planning' });
  project = made.project;
  done = made.statuses.find((s) => s.category === 'completed')!.id;
  const cadence = await api<{ cycles: Cycle[] }>(context, 'put', `/api/projects/${project.id}/cycle-settings`, { weeks: 2, startDay: 1 });
  current = cadence.cycles[0]!;
  page = await context.newPage();
  errors = watchErrors(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('plan', () => {
  it('puts an issue in the current cycle from its page, and the cycle page counts it', async () => {
    const a = await api<{ issue: { id: number; key: string } }>(context, 'post', '/api/issues', { projectId: project.id, title: 'Ship the cycle page' });
    await api(context, 'post', '/api/issues', { projectId: project.id, title: 'Already done', cycleId: current.id, statusId: done });
    await page.goto(`/en/issues/${a.issue.key}`);
    await page.getByTestId('page-issue').waitFor();
    await waitForLive(page);
    await pickIn(page, 'issue-cycle', /Cycle 1/);
    await expect.poll(() => pickedIn(page, 'issue-cycle')).toBe(String(current.id));
    await expect.poll(async () => (await api<{ issue: { cycleId: number | null } }>(context, 'get', `/api/issues/${a.issue.id}`)).issue.cycleId).toBe(current.id);

    await page.goto(`/en/cycles/${current.id}`);
    await page.getByTestId('page-cycle').waitFor();
    expect(await page.getByTestId('cycle-scope').locator('dd').innerText()).toBe('2');
    expect(await page.getByTestId('cycle-completed').locator('dd').innerText()).toBe('1');
    expect(await page.getByTestId('cycle-state').innerText()).toBe('Current');
    // Drawn by Chartist, loaded with the chart: scope, completed and the ideal pace.
    await expect.poll(() => page.getByTestId('burndown-chart').locator('svg .ct-line').count()).toBe(3);
    const last = page.getByTestId('burndown-table').locator('tbody tr').last();
    expect(await last.locator('td').allInnerTexts()).toEqual(['2', '1', expect.any(String)]);
    // Its issues, grouped by status, from the issues list.
    await page.getByText('Ship the cycle page').waitFor();
    expect(errors).toEqual([]);
  });

  it('adds a milestone on the project page, and shows its progress', async () => {
    await page.goto(`/en/projects/${project.key}`);
    await page.getByTestId('project-plan').waitFor();
    expect(await page.getByTestId('project-current-cycle').innerText()).toContain('Cycle 1');
    await page.getByTestId('milestone-name').fill('Beta');
    await page.getByTestId('milestone-date').fill('12/31/2030');
    await page.getByTestId('milestone-create').click();
    const row = page.getByTestId('milestone').filter({ hasText: 'Beta' });
    await row.waitFor();
    expect(await row.innerText()).toContain('0 of 0 done');
    await row.getByRole('link').click();
    await page.getByTestId('page-milestone').waitFor();
    expect(await page.getByTestId('milestone-target').innerText()).toContain('2030');
    expect(errors).toEqual([]);
  });

  it('a second browser sees an issue join the cycle live, on the cycle page', async () => {
    const other = await context.newPage();
    await other.goto(`/en/cycles/${current.id}`);
    await other.getByTestId('page-cycle').waitFor();
    await waitForLive(other);
    await api(context, 'post', '/api/issues', { projectId: project.id, title: 'Late addition', cycleId: current.id });
    await other.getByText('Late addition').waitFor();
    await expect.poll(async () => other.getByTestId('cycle-scope').locator('dd').innerText()).toBe('3');
    await other.close();
  });
});
