// The issue page journeys: quick add in both languages, open by key and by id, status change in
// the history, comments (a mention, an issue key as a link, deletion), attachments. Custom fields:
// issue-custom-fields.e2e.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newContext, pickedIn, pickIn, registerIn, waitForLive, watchErrors } from './browser.ts';
import { issueFixture, TZ, type IssueFixture } from './issue-fixture.ts';

let f: IssueFixture;
let KEY: string;
let labelId: number;
let owner: IssueFixture['owner'];
let browser: IssueFixture['browser'];
let mate: IssueFixture['mate'];
let mateHandle: string;
let mateName: string;
const getIssue = (ref: string | number) => f.getIssue(ref);

function tomorrowIn(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${parts}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  f = await issueFixture('Issue page');
  ({ owner, browser, mate, mateHandle, mateName } = f);
  KEY = f.project.key;
  labelId = (await api<{ label: { id: number } }>(owner, 'post', `/api/projects/${f.project.id}/labels`, { name: 'bug' })).label.id;
});

afterAll(() => f?.close());

async function quickAdd(page: Page, path: string, line: string) {
  await page.goto(path);
  await page.getByTestId('qa-input').fill(line);
  const chips = page.getByTestId('qa-chip');
  await chips.nth(3).waitFor();
  // The assignee chip shows the person found, not just the handle; the label chip is resolved
  // against the project's labels once they have loaded (until then it is marked "not found").
  await chips.filter({ hasText: mateName }).waitFor();
  await page.locator('[data-testid="qa-chip"][data-kind="label"]:not(.qa-chip--unresolved)').waitFor();
  expect(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')).sort())).toEqual(['assignee', 'due', 'label', 'priority']);
  expect(await pickedIn(page, 'form-priority')).toBe('high');
  await page.getByTestId('form-submit').click();
  await page.waitForURL((u) => /\/issues\/[A-Z]+-\d+$/.test(u.pathname));
  await page.getByTestId('page-issue').waitFor();
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

describe('quick add', () => {
  it('creates an issue from a Russian line, chips first', async () => {
    const page = await owner.newPage();
    const errors = watchErrors(page);
    const key = await quickAdd(page, `/issues/create?project=${KEY}`, `Починить вход завтра @${mateHandle} #bug !высокий`);
    expect(key).toBe(`${KEY}-1`);
    const issue = await getIssue(key);
    expect(issue).toMatchObject({ title: 'Починить вход', dueDate: tomorrowIn(TZ), priority: 'high', assignee: { id: mate.id }, labelIds: [labelId] });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('creates one from an English line; a removed chip is not applied', async () => {
    const page = await owner.newPage();
    const key = await quickAdd(page, `/en/issues/create?project=${KEY}`, `Fix login tomorrow @${mateHandle} #bug !high`);
    const issue = await getIssue(key);
    expect(issue).toMatchObject({ title: 'Fix login', dueDate: tomorrowIn(TZ), priority: 'high', assignee: { id: mate.id }, labelIds: [labelId] });

    await page.goto(`/en/issues/create?project=${KEY}`);
    await page.getByTestId('qa-input').fill('Write docs tomorrow !low');
    await page.getByTestId('qa-chip').nth(1).waitFor();
    await page.getByTestId('qa-chip').filter({ hasText: /Low/ }).getByTestId('qa-chip-remove').click();
    expect(await page.getByTestId('qa-input').inputValue()).toBe('Write docs tomorrow');
    expect(await pickedIn(page, 'form-priority')).toBe('none');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('page-issue').waitFor();
    const docs = await getIssue(decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!));
    expect(docs).toMatchObject({ title: 'Write docs', priority: 'none', dueDate: tomorrowIn(TZ) });
    await page.close();
  });
});

describe('issue page', () => {
  it('opens by key and by id (the URL becomes the key); a missing issue is a 404 page', async () => {
    const page = await owner.newPage();
    const errors = watchErrors(page);
    await page.goto(`/issues/${KEY}-1`);
    await page.getByTestId('page-issue').waitFor();
    expect(await page.getByTestId('issue-key').textContent()).toBe(`${KEY}-1`);
    expect(await page.locator('h1').textContent()).toBe('Починить вход');
    // Share to chat is Telegram's dialog: not offered on the web.
    expect(await page.getByTestId('issue-share').count()).toBe(0);
    // The tab says which issue it is, then the product (issue 15).
    await expect.poll(() => page.title()).toBe(`${KEY}-1 Починить вход · Трекер`);
    const { id } = await getIssue(`${KEY}-1`);
    await page.goto(`/en/issues/${id}`);
    await page.waitForURL((u) => u.pathname === `/en/issues/${KEY}-1`);
    await page.getByTestId('issue-key').waitFor();
    await expect.poll(() => page.title()).toBe(`${KEY}-1 Починить вход · Tracker`);
    await page.goto('/en/issues');
    await expect.poll(() => page.title()).toBe('Issues · Tracker');
    expect(errors).toEqual([]);
    await page.goto(`/issues/${KEY}-999`);
    expect(await page.getByTestId('error-page').getAttribute('data-status')).toBe('404');
    // It names the issue it could not show, in the page's language.
    expect(await page.getByTestId('error-message').textContent()).toBe(`Задачи ${KEY}-999 здесь нет: её удалили, или у вас нет доступа к её проекту.`);
    await page.goto(`/en/issues/${KEY.toLowerCase()}-998`);
    await expect.poll(() => page.getByTestId('error-message').textContent()).toBe(`There is no issue ${KEY}-998 here: it was deleted, or you have no access to its project.`);
    await page.close();
  });

  it('changes the status and shows it in the history', async () => {
    const page = await owner.newPage();
    await page.goto(`/en/issues/${KEY}-1`);
    const status = page.getByTestId('issue-status');
    await status.waitFor();
    await status.click();
    const options = await page.getByTestId('issue-status-option').evaluateAll((els) => els.map((e) => ({ value: e.getAttribute('data-value')!, text: e.textContent!.replace('✓', '') })));
    await page.keyboard.press('Escape');
    const target = options[2]!;
    const was = await pickedIn(page, 'issue-status');
    await pickIn(page, 'issue-status', target.text);
    await page.getByTestId('activity-item').filter({ hasText: `→ ${target.text}` }).waitFor();
    expect((await getIssue(`${KEY}-1`)).statusId).toBe(Number(target.value));
    // The toast offers to undo it: the status goes back, on the page and on the server.
    const toast = page.getByTestId('toast').filter({ hasText: 'You changed the status' });
    await toast.getByTestId('toast-action').click();
    await expect.poll(() => pickedIn(page, 'issue-status')).toBe(was);
    await expect.poll(async () => (await getIssue(`${KEY}-1`)).statusId).toBe(Number(was));
    await pickIn(page, 'issue-status', target.text);
    await expect.poll(async () => (await getIssue(`${KEY}-1`)).statusId).toBe(Number(target.value));
    await page.close();
  });

  it('updates live when someone else changes the issue or comments', async () => {
    const page = await owner.newPage();
    await page.goto(`/en/issues/${KEY}-3`);
    await page.getByTestId('timeline').waitFor();
    await waitForLive(page);
    const other = await newContext(browser);
    await registerIn(other, `${mateHandle}@e2e.test`, mateName);
    const { id } = await getIssue(`${KEY}-3`);
    await api(other, 'patch', `/api/issues/${id}`, { title: 'Renamed elsewhere' });
    await page.locator('h1', { hasText: 'Renamed elsewhere' }).waitFor({ timeout: 3000 });
    await api(other, 'post', `/api/issues/${id}/comments`, { body: 'Live comment' });
    await page.getByTestId('comment').filter({ hasText: 'Live comment' }).waitFor({ timeout: 3000 });
    await other.close();
    await page.close();
  });

  it('posts a comment with a mention picked from the autocomplete; the person becomes a watcher', async () => {
    const page = await owner.newPage();
    await page.goto(`/en/issues/${KEY}-2`);
    const input = page.getByTestId('comment-input');
    await input.click();
    await input.pressSequentially(`Please check @${mateHandle.slice(0, 6)}`);
    await page.getByTestId('mention-option').filter({ hasText: mateName }).click();
    // Inserted by name, as written (not a handle glued together), and shown as one chip once posted.
    expect(await input.inputValue()).toBe(`Please check @${mateName} `);
    await input.pressSequentially('thanks');
    await page.getByTestId('comment-submit').click();
    const posted = page.getByTestId('comment').filter({ hasText: 'thanks' });
    await posted.waitFor();
    expect(await input.inputValue()).toBe('');
    // Shown at once, marked as sending until the server has it.
    await posted.getByTestId('comment-sending').waitFor({ state: 'detached' });
    const issue = await getIssue(`${KEY}-2`);
    expect(issue.watchers.map((w) => w.id)).toContain(mate.id);

    // Deleting it asks in the app's own dialog (focus on the safe choice), never the browser's confirm().
    const native: string[] = [];
    page.on('dialog', (d) => void (native.push(d.type()), d.dismiss()));
    await posted.getByTestId('comment-delete').click();
    const ask = page.getByRole('alertdialog', { name: 'Delete this comment?' });
    await ask.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('confirm-dialog-cancel');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await posted.count()).toBe(1);
    await posted.getByTestId('comment-delete').click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await posted.waitFor({ state: 'detached' });
    // "Comment deleted · Undo": undoing brings it back, and the server never heard of it.
    const deleted = page.getByTestId('toast').filter({ hasText: 'Comment deleted' });
    await deleted.getByTestId('toast-action').click();
    await posted.waitFor();
    const comments = () => api<{ comments: { body: string }[] }>(owner, 'get', `/api/issues/${KEY}-2/comments`).then((r) => r.comments.filter((c) => c.body.includes('thanks')).length);
    expect(await comments()).toBe(1);
    // Without undo, the delete reaches the server when the toast closes.
    await posted.getByTestId('comment-delete').click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await posted.waitFor({ state: 'detached' });
    await expect.poll(comments, { timeout: 15_000 }).toBe(0);
    expect(native).toEqual([]);
    await page.close();
  });

  it('links an issue key in a comment; the link opens the issue in the app, in the page\'s language', async () => {
    const page = await owner.newPage();
    await page.goto(`/en/issues/${KEY}-2`);
    await page.getByTestId('comment-input').fill(`Same cause as ${KEY}-1, I think.`);
    await page.getByTestId('comment-submit').click();
    const posted = page.getByTestId('comment').filter({ hasText: 'Same cause as' });
    // Saved, not just shown: the sending marker's removal moves the text under the pointer.
    await posted.getByTestId('comment-sending').waitFor({ state: 'detached' });
    const link = posted.locator(`a.issue-ref[data-issue-key="${KEY}-1"]`);
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/en/issues/${KEY}-1`);
    let reloads = 0;
    page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && reloads++);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/en/issues/${KEY}-1`);
    await page.getByTestId('issue-key').filter({ hasText: `${KEY}-1` }).waitFor();
    expect(reloads).toBe(0);
    await page.close();
  });

  it('uploads an attachment and downloads it; too large files are refused with a message', async () => {
    const page = await owner.newPage();
    await page.goto(`/en/issues/${KEY}-1`);
    await page.getByTestId('attachments').waitFor();
    const text = `notes ${f.stamp}\n`;
    await page.getByTestId('attachment-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    const link = page.getByTestId('attachment-link').filter({ hasText: 'notes.txt' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const res = await owner.request.get(href!);
    expect(res.status()).toBe(200);
    expect(await res.text()).toBe(text);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('notes.txt');

    await page.getByTestId('attachment-input').setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await page.getByTestId('upload-error').filter({ hasText: '10 MB' }).waitFor();
    expect((await getIssue(`${KEY}-1`)).attachments.map((a) => a.fileName)).toEqual(['notes.txt']);
    await page.close();
  });
});
