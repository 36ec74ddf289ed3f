// The issue page's one picker (components/picker/FieldPicker.tsx) with the keyboard: type part of a
// name and Enter picks it, ↑/↓ move, a multiple choice stays open, Escape gives the focus back to
// the button; people are searched on the server; axe finds nothing serious in an open picker, light
// or dark.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothSchemes } from './a11y-kit.ts';
import { api, pickedIn, pickIn, until, watchErrors } from './browser.ts';
import { issueFixture, type IssueFixture } from './issue-fixture.ts';

let f: IssueFixture;
let page: Page;
let errors: string[];
let statuses: { id: number; name: string }[];
const labels: Record<string, number> = {};

const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const optionTexts = (testid: string) => page.getByTestId(`${testid}-option`).evaluateAll((els) => els.map((e) => e.querySelector('.fpicker__text')?.textContent ?? ''));
const fold = (s: string) => s.toLowerCase().replace(/ё/g, 'е');
const create = (title: string) => api<{ issue: { id: number; key: string; statusId: number } }>(f.owner, 'post', '/api/issues', { projectId: f.project.id, title }).then((r) => r.issue);

beforeAll(async () => {
  f = await issueFixture('Pickers');
  statuses = (await api<{ statuses: { id: number; name: string }[] }>(f.owner, 'get', `/api/projects/${f.project.id}`)).statuses;
  for (const name of ['Ёлка', 'Бага', 'Веб']) labels[name] = (await api<{ label: { id: number } }>(f.owner, 'post', `/api/projects/${f.project.id}/labels`, { name })).label.id;
  page = await f.owner.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  errors = watchErrors(page);
});

afterAll(() => f?.close());

async function open(key: string) {
  await page.goto(`/issues/${key}`);
  // Editable: the page's own answer is in.
  await expect.poll(() => page.getByTestId('issue-status').isEnabled()).toBe(true);
}

describe('the issue page pickers', () => {
  it('status: part of a name typed in any case, Enter picks it, saves, and a reload shows it', async () => {
    const issue = await create('Status by keyboard');
    await open(issue.key);
    // A piece of another status' name that only it holds, typed in capitals.
    const pieces = statuses.filter((s) => s.id !== issue.statusId).flatMap((s) => [...Array(Math.max(0, s.name.length - 2)).keys()].map((i) => ({ status: s, piece: s.name.slice(i, i + 3) })));
    const { status: target, piece } = pieces.find(({ piece }) => piece.trim().length === 3 && statuses.filter((s) => fold(s.name).includes(fold(piece))).length === 1)!;
    await page.getByTestId('issue-status').click();
    await expect.poll(focused).toBe('issue-status-search');
    await expect.poll(() => optionTexts('issue-status')).toEqual(statuses.map((s) => s.name));
    await page.keyboard.type(piece.toUpperCase());
    await expect.poll(() => optionTexts('issue-status')).toEqual([target.name]);
    await page.keyboard.press('Enter');
    await page.getByTestId('issue-status-panel').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('issue-status');
    await until(() => f.getIssue(issue.key), (i) => i.statusId === target.id, 'the status on the server');
    await page.reload();
    await expect.poll(() => pickedIn(page, 'issue-status')).toBe(String(target.id));
    expect(await page.getByTestId('issue-status').textContent()).toContain(target.name);
  });

  it('labels: several picked with the keyboard (ё found by е), the picker stays open, Escape gives the focus back', async () => {
    const issue = await create('Labels by keyboard');
    await open(issue.key);
    await page.getByTestId('issue-labels').click();
    await expect.poll(focused).toBe('issue-labels-search');
    await page.keyboard.type('елк');
    await expect.poll(() => optionTexts('issue-labels')).toEqual(['Ёлка']);
    await page.keyboard.press('Enter');
    const option = (name: string) => page.getByTestId('issue-labels-option').filter({ hasText: name });
    await expect.poll(() => option('Ёлка').getAttribute('aria-selected')).toBe('true');
    // Still open, the search kept: clear it and go down to another label.
    expect(await page.getByTestId('issue-labels-panel').isVisible()).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    // Every label of the project again (it has its own few, too).
    await expect.poll(async () => (await optionTexts('issue-labels')).length).toBeGreaterThan(Object.keys(labels).length);
    const steps = (await optionTexts('issue-labels')).indexOf('Веб');
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => option('Веб').getAttribute('aria-selected')).toBe('true');
    expect(await option('Бага').getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Escape');
    await page.getByTestId('issue-labels-panel').waitFor({ state: 'detached' });
    await expect.poll(focused).toBe('issue-labels');
    await until(() => f.getIssue(issue.key), (i) => [...i.labelIds].sort().join() === [labels['Ёлка'], labels['Веб']].sort().join(), 'both labels on the server');
    expect(await page.getByTestId('issue-labels').textContent()).toMatch(/Ёлка.*Веб|Веб.*Ёлка/);
  });

  it('assignee: a person found by typing part of the name; "Unassigned" takes them off again', async () => {
    const issue = await create('Assign by search');
    await open(issue.key);
    await page.getByTestId('issue-assignee').click();
    await page.keyboard.type(f.mateName.slice(0, 10).toUpperCase());
    await page.getByTestId('issue-assignee-option').filter({ hasText: f.mateName }).waitFor();
    expect(await optionTexts('issue-assignee')).toEqual([f.mateName]);
    await page.keyboard.press('Enter');
    await until(() => f.getIssue(issue.key), (i) => i.assignee?.id === f.mate.id, 'the assignee on the server');
    await expect.poll(() => pickedIn(page, 'issue-assignee')).toBe(String(f.mate.id));
    expect(await page.getByTestId('issue-assignee').textContent()).toContain(f.mateName);
    await pickIn(page, 'issue-assignee', 'Не назначен');
    await until(() => f.getIssue(issue.key), (i) => i.assignee === null, 'nobody assigned on the server');
  });

  it('parent: an issue found by its key', async () => {
    const parent = await create('The parent');
    const child = await create('The child');
    await open(child.key);
    await pickIn(page, 'issue-parent', /The parent/, parent.key);
    await page.getByTestId('issue-parent-link').filter({ hasText: parent.key }).waitFor();
    await until(() => api<{ issue: { parentId: number | null } }>(f.owner, 'get', `/api/issues/${child.key}`), (r) => r.issue.parentId === parent.id, 'the parent on the server');
  });

  it('axe finds nothing serious in an open picker, light and dark', async () => {
    // Assigned: the button shows the person's initials, which must not make its name differ from its text.
    const issue = await create('Accessible pickers');
    await api(f.owner, 'patch', `/api/issues/${issue.id}`, { assigneeId: f.mate.id });
    await open(issue.key);
    await page.getByTestId('issue-status').click();
    await page.getByTestId('issue-status-options').waitFor();
    const problems = await bothSchemes(page, 'the open status picker');
    await page.keyboard.press('Escape');
    await page.getByTestId('issue-labels').click();
    // A highlighted option (a choice would add a toast, which is not the picker's).
    await page.keyboard.press('ArrowDown');
    problems.push(...(await bothSchemes(page, 'the open labels picker')));
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
