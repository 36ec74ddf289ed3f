// The create dialog (issue 15) on a 1440 px window: `c` on a project's list opens it over the page
// with the title focused and the viewed project chosen; the title is read as quick add; "create
// more" keeps it open; closing with input asks first; what was typed survives a reload as a draft;
// a server refusal keeps the input and shows the server's words under the field.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeRun } from './a11y-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, pickedIn, registerIn, waitForLive, watchErrors } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let first: { id: number; key: string };
let viewed: { id: number; key: string };

const letters = () => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const dialog = () => page.getByTestId('create-dialog');
const title = () => page.getByTestId('create-title');

async function pressC() {
  await page.keyboard.press('c');
  await dialog().waitFor();
  await expect.poll(focused).toBe('create-title');
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await registerIn(context, undefined, 'Dialog Owner');
  // Two projects: the first is what a dialog without a viewed project would start on.
  first = (await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key: `C${letters()}`, name: 'First' })).project;
  viewed = (await api<{ project: { id: number; key: string } }>(context, 'post', '/api/projects', { key: `D${letters()}`, name: 'Viewed' })).project;
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(`/en/issues?project=${viewed.key}`);
  await page.getByTestId('page-issues').waitFor();
  await waitForLive(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('create dialog', () => {
  it('`c` opens it over the list, title focused, on the viewed project; the title is read as quick add', async () => {
    const at = page.url();
    await pressC();
    expect(page.url()).toBe(at);
    await expect.poll(() => page.getByTestId('create-project').inputValue()).toBe(String(viewed.id));
    await page.keyboard.type('Fix login !high');
    await page.locator('[data-testid="qa-chip"][data-kind="priority"]').waitFor();
    await expect.poll(() => pickedIn(page, 'create-priority')).toBe('high');
    const axe = await axeRun(page, { include: '[data-testid="create-dialog"]' });
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Escape in the open assignee picker closes the picker, not the dialog, and the focus is back on its button.
    await page.getByTestId('create-assignee').click();
    await page.getByTestId('create-assignee-options').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('create-assignee-panel').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('create-assignee');
    expect(await dialog().isVisible()).toBe(true);
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);
    // Create is on screen without scrolling, also in a 700 px window, where the form is longer than the dialog.
    await page.setViewportSize({ width: 1440, height: 700 });
    const submit = (await page.getByTestId('create-submit').boundingBox())!;
    const box = (await dialog().boundingBox())!;
    expect(submit.y + submit.height).toBeLessThanOrEqual(box.y + box.height);
    expect(await dialog().evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('"create more" creates, says so with a link, and stays open with an empty focused title', async () => {
    await page.getByTestId('create-more').check();
    await page.getByTestId('create-submit').click();
    const key = `${viewed.key}-1`;
    const toast = page.getByTestId('toast').filter({ hasText: `${key} created` });
    await toast.waitFor();
    expect(await toast.getByTestId('toast-link').getAttribute('href')).toBe(`/en/issues/${key}`);
    expect(await dialog().isVisible()).toBe(true);
    await expect.poll(() => title().inputValue()).toBe('');
    await expect.poll(focused).toBe('create-title');
    expect(await pickedIn(page, 'create-priority')).toBe('none');
    const issue = await api<{ issue: { title: string; priority: string } }>(context, 'get', `/api/issues/${key}`);
    expect(issue.issue).toMatchObject({ title: 'Fix login', priority: 'high' });
    // The list behind the dialog shows it (the live feed), with no navigation.
    await page.locator(`[data-issue-key="${key}"]`).waitFor();
  });

  it('closing with input asks first; "Keep editing" keeps it; a reload keeps the draft', async () => {
    await title().fill('Write the docs');
    await page.getByTestId('form-description').fill('Some notes');
    await page.keyboard.press('Escape');
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Discard draft?');
    await page.getByTestId('confirm-dialog-cancel').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog().isVisible()).toBe(true);
    expect(await title().inputValue()).toBe('Write the docs');

    // Closed by accident: the page goes away with the dialog open.
    await page.reload();
    await page.getByTestId('page-issues').waitFor();
    await pressC();
    expect(await title().inputValue()).toBe('Write the docs');
    expect(await page.getByTestId('form-description').inputValue()).toBe('Some notes');
  });

  it('"Discard" closes it and forgets the draft; without "create more" a create closes it', async () => {
    await page.getByTestId('create-close').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await dialog().waitFor({ state: 'detached' });
    await pressC();
    expect(await title().inputValue()).toBe('');
    expect(await page.getByTestId('form-description').inputValue()).toBe('');
    // An empty dialog closes without a question.
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await page.getByTestId('confirm-dialog').count()).toBe(0);

    // The New button opens it too (its href stays for a new tab).
    const button = page.getByTestId('issue-create');
    expect(await button.getAttribute('href')).toBe(`/en/issues/create?project=${viewed.key}`);
    await button.click();
    await dialog().waitFor();
    await expect.poll(focused).toBe('create-title');
    await page.keyboard.type('Second one');
    await page.keyboard.press('Enter');
    await page.getByTestId('toast').filter({ hasText: `${viewed.key}-2 created` }).waitFor();
    await dialog().waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/en/issues');
    await page.locator(`[data-issue-key="${viewed.key}-2"]`).waitFor();
    expect(errors).toEqual([]);
  });

  it('a server refusal keeps the input and shows its message under the field', async () => {
    await page.route('**/api/issues', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ statusCode: 422, statusMessage: 'Unprocessable', data: { issues: [{ path: ['title'], message: 'That title is taken here' }] } }) })
        : route.fallback(),
    );
    await pressC();
    await page.keyboard.type('Taken title');
    await page.getByTestId('create-submit').click();
    await page.getByTestId('create-error-title').filter({ hasText: 'That title is taken here' }).waitFor();
    expect(await title().inputValue()).toBe('Taken title');
    expect(await dialog().isVisible()).toBe(true);
    await page.unroute('**/api/issues');
  });

  it('with no project viewed, it starts on the last one used', async () => {
    await page.getByTestId('create-close').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.goto('/en/calendar');
    await page.getByTestId('page-calendar').waitFor();
    await pressC();
    await expect.poll(() => page.getByTestId('create-project').inputValue()).toBe(String(viewed.id));
    // …not the first of the list, which it would be without the memory.
    expect(await page.getByTestId('create-project').locator('option').first().getAttribute('value')).toBe(String(first.id));
  });
});
