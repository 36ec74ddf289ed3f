// The issue page edits its title and description in place (issue 15), on a 1440 px window: the
// title by a click or `e` (Enter saves, Escape cancels, empty or refused keeps the input with the
// message), the description with Save / Cancel, a draft kept across a reload, and the in-app
// question before unsaved text is thrown away or left behind.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';

interface IssueJson {
  id: number;
  key: string;
  title: string;
  description: string;
  version: number;
}

let browser: Browser;
let owner: BrowserContext;
let page: Page;
let errors: string[];
let project: { id: number; key: string };

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await registerIn(owner, uniqueEmail('inplace'), 'Inplace Person');
  const key = uniqueKey('IP');
  project = (await api<{ project: { id: number; key: string } }>(owner, 'post', '/api/projects', { key, name: 'In place' })).project;
  page = await owner.newPage();
  errors = watchErrors(page);
});

afterAll(() => browser?.close());

const create = (title: string, description = '') => api<{ issue: IssueJson }>(owner, 'post', '/api/issues', { projectId: project.id, title, description }).then((r) => r.issue);
const getIssue = (id: number) => api<{ issue: IssueJson }>(owner, 'get', `/api/issues/${id}`).then((r) => r.issue);

async function open(issue: IssueJson) {
  await page.goto(`/en/issues/${issue.key}`);
  await page.getByTestId('issue-title-edit').waitFor();
}

describe('the title in place', () => {
  it('edits on a click: Enter saves, Escape cancels, an empty title is refused with the message', async () => {
    const issue = await create('Fix the login');
    await open(issue);
    // Two columns: the title sits above the description, left of the properties.
    const title = (await page.locator('h1').boundingBox())!;
    const aside = (await page.locator('.issue-aside').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(aside.x);
    expect(await page.getByTestId('issue-title-edit').getAttribute('aria-label')).toBe('Edit title');

    await page.getByTestId('issue-title-edit').click();
    const input = page.getByTestId('issue-title-input');
    await input.fill('Fix the login form');
    await input.press('Enter');
    await page.locator('h1', { hasText: 'Fix the login form' }).waitFor();
    await expect.poll(async () => (await getIssue(issue.id)).title).toBe('Fix the login form');

    await page.getByTestId('issue-title-edit').click();
    await input.fill('Thrown away');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    expect(await page.locator('h1').textContent()).toBe('Fix the login form');

    await page.getByTestId('issue-title-edit').click();
    await input.fill('   ');
    await input.press('Enter');
    expect(await page.getByTestId('issue-title-error').textContent()).toBe('Required');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    // The heading still holds the title for screen readers while the input is open.
    expect(await page.locator('h1').textContent()).toBe('Fix the login form');
    await input.press('Escape');
    expect((await getIssue(issue.id)).title).toBe('Fix the login form');
  });

  it('opens with `e`, and a refusal by the server keeps the text and shows its words', async () => {
    const issue = await create('Keyboard title');
    await open(issue);
    await page.locator('body').click({ position: { x: 700, y: 5 } });
    await page.keyboard.press('e');
    const input = page.getByTestId('issue-title-input');
    await input.waitFor();
    expect(await input.inputValue()).toBe('Keyboard title');
    await page.route(
      `**/api/issues/${issue.id}`,
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ statusCode: 422, statusMessage: 'Unprocessable', data: { issues: [{ path: ['title'], message: 'That title is taken here' }] } }) })
          : route.fallback(),
      { times: 1 },
    );
    await input.fill('Taken title');
    await input.press('Enter');
    await page.getByTestId('issue-title-error').getByText('That title is taken here').waitFor();
    expect(await input.inputValue()).toBe('Taken title');
    expect((await getIssue(issue.id)).title).toBe('Keyboard title');
    await input.fill('Keyboard title, renamed');
    await input.press('Enter');
    await expect.poll(async () => (await getIssue(issue.id)).title).toBe('Keyboard title, renamed');
    expect(errors.filter((e) => !/422/.test(e))).toEqual([]);
    errors.length = 0;
  });
});

describe('the description in place', () => {
  it('keeps a draft across a reload, offers it, and saves it as rendered Markdown', async () => {
    const issue = await create('Write the steps');
    await open(issue);
    await page.getByTestId('description-add').click();
    const text = page.getByTestId('description-input');
    await text.fill('Steps:\n\n1. open **the form**');
    await page.reload();
    const offer = page.getByTestId('description-draft');
    await offer.waitFor();
    await offer.getByTestId('description-draft-restore').click();
    expect(await text.inputValue()).toBe('Steps:\n\n1. open **the form**');
    await page.getByTestId('description-save').click();
    await page.getByTestId('issue-description').locator('strong', { hasText: 'the form' }).waitFor();
    expect((await getIssue(issue.id)).description).toBe('Steps:\n\n1. open **the form**');
    // Saved: the draft is gone, nothing is offered again.
    await page.reload();
    await page.getByTestId('description-edit').waitFor();
    expect(await offer.count()).toBe(0);
  });

  it('asks in the app before Cancel throws changes away, and before leaving them', async () => {
    const issue = await create('Careful edits', 'Kept text');
    await open(issue);
    await page.getByTestId('description-edit').click();
    const text = page.getByTestId('description-input');
    await text.fill('Half-written');
    await page.getByTestId('description-cancel').click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    await confirm.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await text.inputValue()).toBe('Half-written');

    // A link out of the page asks too; staying keeps the text.
    await page.getByTestId('issue-project').click();
    await confirm.waitFor();
    await confirm.getByTestId('confirm-dialog-cancel').click();
    expect(new URL(page.url()).pathname).toBe(`/en/issues/${issue.key}`);

    await page.getByTestId('description-cancel').click();
    await confirm.getByTestId('confirm-dialog-confirm').click();
    await text.waitFor({ state: 'detached' });
    expect((await page.getByTestId('issue-description').textContent())?.trim()).toBe('Kept text');
    expect((await getIssue(issue.id)).description).toBe('Kept text');

    // Without changes Cancel just closes; Ctrl+Enter saves.
    await page.getByTestId('description-edit').click();
    await page.getByTestId('description-cancel').click();
    await text.waitFor({ state: 'detached' });
    await page.getByTestId('description-edit').click();
    await text.fill('Saved with the keyboard');
    await text.press('Control+Enter');
    await page.getByTestId('issue-description').getByText('Saved with the keyboard').waitFor();
    expect(await confirm.count()).toBe(0);
  });

  it('does not overwrite a description someone changed meanwhile: the merge dialog shows both', async () => {
    const issue = await create('Shared notes', 'First text');
    await open(issue);
    await page.getByTestId('description-edit').click();
    await page.getByTestId('description-input').fill('My text');
    await api(owner, 'patch', `/api/issues/${issue.id}`, { description: 'Their text' });
    await page.getByTestId('description-save').click();
    const dialog = page.getByTestId('merge-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('conflict-theirs-description').inputValue()).toBe('Their text');
    expect(await dialog.getByTestId('conflict-mine-description').inputValue()).toBe('My text');
    expect((await getIssue(issue.id)).description).toBe('Their text');
    await dialog.getByTestId('conflict-mine-description').fill('Their text\n\nMy text');
    await dialog.getByTestId('conflict-save').click();
    await page.getByTestId('issue-description').getByText('My text').waitFor();
    expect((await getIssue(issue.id)).description).toBe('Their text\n\nMy text');
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
  });
});

describe('on a phone', () => {
  it('edits the title with a tap; tapping elsewhere saves', async () => {
    const issue = await create('Tapped title');
    const phone = await newContext(browser, { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true, storageState: await owner.storageState() });
    const tab = await phone.newPage();
    await tab.goto(`/en/issues/${issue.key}`);
    await tab.getByTestId('issue-title-edit').tap();
    const input = tab.getByTestId('issue-title-input');
    await input.fill('Tapped and renamed');
    await tab.getByTestId('issue-key').tap();
    await tab.locator('h1', { hasText: 'Tapped and renamed' }).waitFor();
    await expect.poll(async () => (await getIssue(issue.id)).title).toBe('Tapped and renamed');
    await phone.close();
  });
});
