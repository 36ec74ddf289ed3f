// Issue templates (issue 17, point 6) in the create dialog: picking a template fills the form
// (priority, description, due date, labels) and lists the sub-issues its checklist will create;
// the title typed becomes the pattern's {title}; `/name ` at the start of the title picks it too.
// And the project settings list the templates for editing, within a 320 px screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, pickedIn, registerIn, waitForLive, watchErrors } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let project: { id: number; key: string };
let label: { id: number; name: string };

const letters = () => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const dialog = () => page.getByTestId('create-dialog');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await registerIn(context, undefined, 'Template Owner');
  const created = await api<{ project: { id: number; key: string }; labels: { id: number; name: string }[] }>(context, 'post', '/api/projects', { key: `T${letters()}`, name: 'Templates' });
  project = created.project;
  label = await api<{ label: { id: number; name: string } }>(context, 'post', `/api/projects/${project.id}/labels`, { name: 'bugfix', color: '#ef4444' }).then((r) => r.label);
  await api(context, 'post', `/api/projects/${project.id}/templates`, {
    name: 'bug',
    titlePattern: 'Bug: {title}',
    description: 'Steps to reproduce:',
    labelIds: [label.id],
    priority: 'high',
    dueInDays: 0,
    checklist: ['Reproduce', 'Fix and test'],
  });
  page = await context.newPage();
  errors = watchErrors(page);
  await page.goto(`/en/issues?project=${project.key}`);
  await page.getByTestId('page-issues').waitFor();
  await waitForLive(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('templates', () => {
  it('A template fills the create dialog, and creating makes the issue with its sub-issues', async () => {
    await page.keyboard.press('c');
    await dialog().waitFor();
    await page.getByTestId('create-template').focus();
    await page.getByTestId('create-template-option').filter({ hasText: 'bug' }).click();

    await expect.poll(() => pickedIn(page, 'create-priority')).toBe('high');
    expect(await page.getByTestId('form-description').inputValue()).toBe('Steps to reproduce:');
    // The template's due date, as the English box writes it (components/DateInput.tsx: en-US, month first).
    expect(await page.locator('input[data-testid="create-due"]').inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    const summary = page.getByTestId('create-template-summary');
    expect(await summary.innerText()).toContain('Labels: bugfix');
    expect(await page.getByTestId('create-template-checklist').locator('li').allInnerTexts()).toEqual(['Reproduce', 'Fix and test']);

    await page.getByTestId('create-title').fill('login fails');
    await expect.poll(() => page.getByTestId('create-template-title').innerText()).toBe('Title: Bug: login fails');
    await page.getByTestId('create-submit').click();
    const toast = page.getByTestId('toast').filter({ hasText: `${project.key}-1 created` });
    await toast.waitFor();

    const { issue } = await api<{ issue: { id: number; title: string; priority: string; labelIds: number[]; description: string } }>(context, 'get', `/api/issues/${project.key}-1`);
    expect(issue).toMatchObject({ title: 'Bug: login fails', priority: 'high', labelIds: [label.id], description: 'Steps to reproduce:' });
    const subs = await api<{ issues: { title: string }[] }>(context, 'get', `/api/issues?project=${project.key}&parent=${issue.id}&sort=key&order=asc`);
    expect(subs.issues.map((i) => i.title)).toEqual(['Reproduce', 'Fix and test']);
  });

  it('`/` in the title suggests the templates; `/bug ` picks one and the rest is its {title}', async () => {
    await page.keyboard.press('c');
    await dialog().waitFor();
    await page.getByTestId('create-title').fill('/b');
    await page.getByTestId('create-template-suggestions').getByText('/bug').waitFor();
    await page.getByTestId('create-title').fill('/bug crash on save');
    await expect.poll(() => page.getByTestId('create-title').inputValue()).toBe('crash on save');
    expect(await page.getByTestId('create-template').inputValue()).toBe('bug');
    await expect.poll(() => page.getByTestId('create-template-title').innerText()).toBe('Title: Bug: crash on save');
    await expect.poll(() => pickedIn(page, 'create-priority')).toBe('high');
    await page.getByTestId('create-close').click();
    const confirm = page.getByTestId('confirm-dialog-confirm');
    if (await confirm.count()) await confirm.click();
  });

  it('the project settings list, add, edit and delete templates at 320 px', async () => {
    await page.setViewportSize({ width: 320, height: 700 });
    // A phone opens the settings on their list of sections.
    await page.goto(`/en/projects/${project.key}/edit`);
    await page.getByTestId('settings-nav-templates').click();
    const editor = page.getByTestId('templates-editor');
    await editor.getByTestId('template-row').filter({ hasText: '/bug' }).waitFor();
    await editor.getByTestId('template-edit').click();
    const form = page.getByTestId('template-form');
    await form.waitFor();
    expect(await page.getByTestId('template-checklist').inputValue()).toBe('Reproduce\nFix and test');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await form.getByRole('button', { name: 'Cancel' }).click();

    await editor.getByTestId('template-add').click();
    const added = page.getByTestId('template-form');
    await added.getByLabel('Name', { exact: true }).fill('weekly');
    await added.getByLabel('Title pattern', { exact: true }).fill('Week {week}: {title}');
    await page.getByTestId('template-checklist').fill('Plan\nReview');
    await page.getByTestId('template-save').click();
    const row = editor.getByTestId('template-row').filter({ hasText: '/weekly' });
    await row.waitFor();
    const { templates } = await api<{ templates: { name: string; titlePattern: string; checklist: string[] }[] }>(context, 'get', `/api/projects/${project.id}/templates`);
    expect(templates.find((x) => x.name === 'weekly')).toMatchObject({ titlePattern: 'Week {week}: {title}', checklist: ['Plan', 'Review'] });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await row.getByTestId('template-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
