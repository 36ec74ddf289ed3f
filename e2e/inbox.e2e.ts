// The inbox journey (issue 15, item 6): a teammate assigns me an issue and mentions me; my inbox
// shows both as they happen, with the unread count, and "Mark all read" brings it to zero.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, newContext, registerIn, uniqueKey, uniqueLetters, until, waitForLive, watchErrors } from './browser.ts';

let browser: Browser;
let me: BrowserContext;
let mate: BrowserContext;
let myId: number;
let myHandle: string;
let project: { id: number; key: string };

beforeAll(async () => {
  const stamp = uniqueLetters(6).toLowerCase();
  myHandle = `inga${stamp}`;
  browser = await launchBrowser();
  me = await newContext(browser, { locale: 'en-US' });
  myId = (await registerIn(me, `${myHandle}@e2e.test`, `Inga${stamp} Reader`)).id;
  mate = await newContext(browser);
  await registerIn(mate, `boris${stamp}@e2e.test`, 'Boris Mate');
  const key = uniqueKey('IN');
  ({ project } = await api<{ project: { id: number; key: string } }>(mate, 'post', '/api/projects', { key, name: `Inbox ${stamp}` }));
  await api(mate, 'put', `/api/projects/${project.id}/members/${myId}`, { role: 'member' });
});

afterAll(async () => {
  await me?.close();
  await mate?.close();
  await browser?.close();
});

describe('inbox', () => {
  it('shows a teammate\'s assignment and mention as they happen; mark all read clears the count', async () => {
    const page = await me.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/inbox');
    await page.getByTestId('inbox-empty').waitFor();
    await waitForLive(page);

    const { issue } = await api<{ issue: { id: number; key: string } }>(mate, 'post', '/api/issues', { projectId: project.id, title: 'Renew the TLS certificate' });
    await api(mate, 'patch', `/api/issues/${issue.id}`, { assigneeId: myId });
    await api(mate, 'post', `/api/issues/${issue.id}/comments`, { body: `@${myHandle} could you take this today?` });

    const rows = page.getByTestId('inbox-item');
    await rows.filter({ hasText: 'mentioned you' }).waitFor();
    await rows.filter({ hasText: 'assigned you an issue' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain(issue.key);
    expect(await rows.first().textContent()).toContain('Boris Mate');
    const count = page.getByTestId('inbox-unread');
    await page.locator('[data-testid="inbox-unread"][data-count="2"]').waitFor();
    expect(await count.textContent()).toBe('2 unread');
    expect(await page.title()).toBe('Inbox (2) · Tracker');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/inbox/read-all') && r.ok());
    await page.getByTestId('inbox-read-all').click();
    // At once (optimistic), then confirmed by the server.
    await page.locator('[data-testid="inbox-unread"][data-count="0"]').waitFor();
    expect(await page.locator('[data-testid="inbox-item"][data-unread="true"]').count()).toBe(0);
    await saved;
    expect(await api<{ unread: number }>(me, 'get', '/api/inbox/unread')).toEqual({ unread: 0 });
    await page.reload();
    await page.getByTestId('inbox-empty').waitFor();
    expect(await page.title()).toBe('Inbox · Tracker');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('archives an item at once and opens an issue from a row, marking it read', async () => {
    const { issue } = await api<{ issue: { id: number; key: string } }>(mate, 'post', '/api/issues', { projectId: project.id, title: 'Check the backups', assigneeId: myId });
    await api(mate, 'post', `/api/issues/${issue.id}/comments`, { body: `@${myHandle} backups ran twice last night` });
    const page = await me.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/inbox');
    const rows = page.getByTestId('inbox-item');
    const mention = rows.filter({ hasText: 'backups ran twice' });
    const assigned = rows.filter({ hasText: 'Check the backups' }).filter({ hasText: 'assigned you an issue' });
    await mention.waitFor();
    await assigned.waitFor();

    await mention.getByRole('button', { name: 'Archive' }).click();
    await mention.waitFor({ state: 'detached' });
    await page.getByTestId('inbox-filter-archived').click();
    await rows.filter({ hasText: 'backups ran twice' }).waitFor();
    await page.getByTestId('inbox-filter-unread').click();

    await assigned.locator('a').click();
    await page.waitForURL((u) => u.pathname === `/en/issues/${issue.key}`);
    await page.getByTestId('page-issue').waitFor();
    await until(() => api<{ unread: number }>(me, 'get', '/api/inbox/unread'), (r) => r.unread === 0, 'the opened item read');
    expect(errors).toEqual([]);
    await page.close();
  });
});
