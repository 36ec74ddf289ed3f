// Edit conflicts on the issue form: someone saved meanwhile, the merge dialog shows both texts.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';

interface IssueJson {
  id: number;
  key: string;
  title: string;
  description: string;
  priority: string;
  version: number;
}

let browser: Browser;
let owner: BrowserContext;
let project: { id: number; key: string };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser, { locale: 'ru-RU' });
  await registerIn(owner, uniqueEmail('conflict'), 'Conflict Owner');
  const key = uniqueKey('EC');
  project = (await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: 'Edit conflicts' })).project;
});

afterAll(async () => {
  await owner?.close();
  await browser?.close();
});

const getIssue = (ref: string | number) => api<{ issue: IssueJson }>(owner, 'get', `/api/issues/${ref}`).then((r) => r.issue);

describe('edit conflicts', () => {
  it('shows their text and mine when someone saved meanwhile, and saves the merge on top of theirs', async () => {
    const created = await api<{ issue: IssueJson }>(owner, 'post', '/api/issues', { projectId: project.id, title: 'Shared plan', description: 'Line one' });
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/en/issues/${created.issue.key}/edit`);
    await page.getByTestId('form-description').waitFor();
    // Someone else saves the same field (and another one) while the form is open.
    await api(owner, 'patch', `/api/issues/${created.issue.id}`, { description: 'Their text', priority: 'urgent' });

    await page.getByTestId('form-description').fill('My text');
    await page.getByTestId('form-submit').click();
    const dialog = page.getByTestId('merge-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('conflict-theirs-description').inputValue()).toBe('Their text');
    expect(await dialog.getByTestId('conflict-mine-description').inputValue()).toBe('My text');
    expect(await dialog.getByTestId('conflict-theirs-title').count()).toBe(0);
    expect((await getIssue(created.issue.id)).priority).toBe('urgent');

    await dialog.getByTestId('conflict-mine-description').fill('Their text\nMy text');
    await dialog.getByTestId('conflict-save').click();
    await page.waitForURL((u) => u.pathname === `/en/issues/${created.issue.key}`);
    await page.getByTestId('page-issue').waitFor();
    const saved = await api<{ issue: IssueJson }>(owner, 'get', `/api/issues/${created.issue.id}`);
    // The merge is saved, and their change of another field is kept.
    expect(saved.issue).toMatchObject({ title: 'Shared plan', description: 'Their text\nMy text', priority: 'urgent', version: 3 });
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.close();
  });
});
