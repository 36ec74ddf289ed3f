// A repeating issue in the browser (issue 17, item 5): the Repeat property on the issue page sets a
// preset with its days, says the rule in words and the next date, refuses a too-frequent custom rule
// while it is typed, fits a 320 px phone in Russian, and list rows mark repeating issues.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';
import { measureOverflow } from './layout-fit.ts';

interface IssueJson {
  id: number;
  key: string;
  recurrence: { rrule: string; mode: string; nextAt: string | null } | null;
}

let browser: Browser;
let owner: BrowserContext;
let page: Page;
let errors: string[];
let project: { id: number; key: string };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await registerIn(owner, uniqueEmail('repeat'), 'Repeat Person');
  const key = uniqueKey('RP');
  project = (await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: 'Repeats' })).project;
  page = await owner.newPage();
  errors = watchErrors(page);
});

afterAll(() => browser?.close());

// 2030-12-10 is the second Tuesday of December.
const create = (title: string) => api<{ issue: IssueJson }>(owner, 'post', '/api/issues', { projectId: project.id, title, dueDate: '2030-12-10' }).then((r) => r.issue);
const getIssue = (id: number) => api<{ issue: IssueJson }>(owner, 'get', `/api/issues/${id}`).then((r) => r.issue);

describe('the Repeat property', () => {
  it('sets a weekly repeat on chosen days, in words, and refuses a rule more often than hourly', async () => {
    const issue = await create('Weekly sync');
    await page.goto(`/en/issues/${issue.key}`);
    await page.getByTestId('issue-repeat-change').click();
    await page.getByTestId('repeat-preset').selectOption('weekly');
    await page.getByTestId('repeat-day-TU').uncheck();
    await page.getByTestId('repeat-day-MO').check();
    await page.getByTestId('repeat-day-WE').check();
    await expect.poll(() => page.getByTestId('repeat-preview').textContent()).toMatch(/^every week on Monday and Wednesday.*Next: Wed, December 11, 2030$/);

    await page.getByTestId('repeat-preset').selectOption('custom');
    await page.getByTestId('repeat-custom').fill('FREQ=MINUTELY');
    expect(await page.getByTestId('repeat-preview').textContent()).toBe('An issue cannot repeat more often than once an hour');
    expect(await page.getByTestId('repeat-save').isDisabled()).toBe(true);
    await page.getByTestId('repeat-custom').fill('FREQ=WEEKLY;BYDAY=MO,WE');
    await page.getByTestId('repeat-mode-on_complete').check();
    await page.getByTestId('repeat-save').click();

    await expect.poll(() => page.getByTestId('issue-repeat-text').textContent()).toContain('every week on Monday and Wednesday');
    expect(await page.getByTestId('issue-repeat-text').textContent()).toContain('When this one is done');
    await expect.poll(async () => (await getIssue(issue.id)).recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', mode: 'on_complete' });

    await page.goto(`/en/issues?project=${project.id}`);
    const row = page.locator(`[data-issue-key="${issue.key}"]`);
    await row.waitFor();
    expect(await row.getByTestId('issue-repeats').getAttribute('aria-label')).toBe('Repeats');
    expect(errors).toEqual([]);
  });

  it('fits a 320 px phone in Russian and words the n-th weekday grammatically', async () => {
    const issue = await create('Отчёт');
    const phone = await newContext(browser, { viewport: { width: 320, height: 640 }, locale: 'ru-RU', storageState: await owner.storageState() });
    const p = await phone.newPage();
    await p.goto(`/issues/${issue.key}`);
    // On a phone the properties but the status and the assignee are in a sheet.
    await p.getByTestId('issue-props-open').click();
    await p.getByTestId('issue-repeat-change').click();
    await p.getByTestId('repeat-preset').selectOption('monthlyNth');
    await expect.poll(() => p.getByTestId('repeat-preview').textContent()).toMatch(/^каждый второй вторник месяца/);
    await p.getByTestId('repeat-weekday').selectOption('4');
    await p.getByTestId('repeat-nth').selectOption('-1');
    await expect.poll(() => p.getByTestId('repeat-preview').textContent()).toMatch(/^в последнюю пятницу каждого месяца/);
    await p.getByTestId('repeat-preset').selectOption('weekly');
    const { pageScroll, sticking } = await measureOverflow(p);
    expect({ pageScroll, sticking }).toEqual({ pageScroll: 0, sticking: [] });
    await p.getByTestId('repeat-save').click();
    await expect.poll(() => p.getByTestId('issue-repeat-text').textContent()).toContain('каждую неделю по вторникам');
    await phone.close();
  });
});
