// Confirmations in Telegram's popup instead of the page's dialogs, vertical swipes off while a card
// is dragged, and an old client (Bot API 6.0) asked for nothing it lacks.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser } from './browser.ts';
import { finish, mainButton, openApp, path, reopenAt, signedIn } from './telegram-app.ts';
import { tgCalls, tgLast, tgPopupAnswer, tgSend } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Telegram popups, swipes and old clients', () => {
  it('deleting an issue asks in Telegram\'s popup: cancel keeps it, the destructive button deletes it', async () => {
    const o = await openApp(browser);
    const { issue } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues/${issue.key}`, 'page-issue');
    await tgPopupAnswer(page, 'last');
    await page.getByTestId('issue-actions').click();
    await page.getByTestId('issue-delete').click();
    await expect.poll(async () => (await tgCalls(page, 'web_app_open_popup')).length).toBe(1);
    const popup = (await tgLast<{ message: string; buttons: { type: string }[] }>(page, 'web_app_open_popup'))!;
    expect(popup.message).toContain(issue.key);
    expect(popup.buttons.map((b) => b.type)).toEqual(['destructive', 'cancel']);
    // Cancelled: still here, still there.
    expect((await page.request.get(`/api/issues/${issue.key}`)).ok()).toBe(true);
    expect(path(page)).toBe(`/en/issues/${issue.key}`);

    await tgPopupAnswer(page, 'first');
    await page.getByTestId('issue-actions').click();
    await page.getByTestId('issue-delete').click();
    await page.getByTestId('page-issues').waitFor();
    expect((await page.request.get(`/api/issues/${issue.key}`)).status()).toBe(404);
    await finish(o);
  });

  it('a page\'s confirmation dialog is Telegram\'s popup inside Telegram: deleting a stream', async () => {
    const o = await openApp(browser);
    const { page, context } = o;
    const name = `Stream ${'long name '.repeat(30)}`.slice(0, 100);
    const { stream } = await api<{ stream: { id: number } }>(context, 'post', '/api/streams', { name });
    await reopenAt(page, `/en/streams/${stream.id}`, 'page-stream');
    await page.getByTestId('stream-delete').click();
    await page.getByTestId('page-streams').waitFor();
    const popup = (await tgLast<{ title: string; message: string; buttons: { type: string }[] }>(page, 'web_app_open_popup'))!;
    expect(popup.title.length).toBeLessThanOrEqual(64);
    expect(popup.buttons.map((b) => b.type)).toEqual(['destructive', 'cancel']);
    expect(await page.getByTestId('stream-delete-dialog').count()).toBe(0);
    expect((await page.request.get(`/api/streams/${stream.id}`)).status()).toBe(404);
    await finish(o);
  });

  it('vertical swipes are off while a board card is dragged and on again after', async () => {
    const o = await openApp(browser, { platform: 'tdesktop' });
    const { key, issue } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues?project=${key}&layout=board`);
    const card = page.locator(`[data-testid="board-card"][data-issue-key="${issue.key}"]`);
    await card.waitFor();
    const swipes = async () => (await tgCalls(page, 'web_app_setup_swipe_behavior')).map((c) => (c.params as { allow_vertical_swipe: boolean }).allow_vertical_swipe);
    expect(await swipes()).toEqual([]);
    const c = (await card.boundingBox())!;
    await page.mouse.move(c.x + 20, c.y + 12);
    await page.mouse.down();
    await page.mouse.move(c.x + 40, c.y + 40, { steps: 4 });
    await expect.poll(swipes).toEqual([false]);
    await page.mouse.up();
    await expect.poll(swipes).toEqual([false, true]);
    await finish(o);
  });

  it('an old client (Bot API 6.0) is asked for nothing it lacks while the pages are used, with no console error', async () => {
    const o = await openApp(browser, { version: '6.0' });
    const { key, issue } = await o.seed();
    const { page } = o;
    const hash = new URL(page.url()).hash;
    await page.goto(`/en/issues/${issue.key}` + hash);
    await signedIn(page);
    await page.getByTestId('page-issue').waitFor();
    await page.getByTestId('comment-input').fill('From an old client');
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Post comment' });
    await tgSend(page, 'main_button_pressed');
    const posted = page.getByTestId('comment').filter({ hasText: 'From an old client' });
    await posted.waitFor();
    await posted.getByTestId('comment-sending').waitFor({ state: 'detached' }); // saved, not just shown
    // No popup in 6.0: the app's own dialog asks (never the browser's native confirm).
    await page.getByTestId('issue-actions').click();
    await page.getByTestId('issue-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('page-issues').waitFor();

    await page.goto(`/en/issues?project=${key}&layout=board` + hash);
    await signedIn(page);
    await page.getByTestId('issue-board').waitFor();
    await page.goto(`/en/issues/create?project=${key}` + hash);
    await signedIn(page);
    await page.getByTestId('form-title').fill('Dirty on an old client');
    await page.goto('/en/user/profile' + hash);
    await signedIn(page);
    await page.getByTestId('page-profile').waitFor();
    const methods = new Set((await tgCalls(page)).map((c) => c.method));
    for (const newer of ['web_app_setup_back_button', 'web_app_setup_settings_button', 'web_app_setup_secondary_button', 'web_app_setup_closing_behavior', 'web_app_setup_swipe_behavior', 'web_app_open_popup']) expect(methods.has(newer)).toBe(false);
    await finish(o);
  });
});
