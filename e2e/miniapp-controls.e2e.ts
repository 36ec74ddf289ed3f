// Telegram's own controls, over the real bridge: BackButton on inner pages (back through the app's
// history, up to the parent from a deep link), MainButton with its loader, SecondaryButton,
// SettingsButton → profile, closing confirmation while a form is dirty, haptics.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, pickIn } from './browser.ts';
import { backVisible, confirmsClosing, finish, haptics, holdRequests, mainButton, openApp, path, reopenAt } from './telegram-app.ts';
import { tgLast, tgSend } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('Telegram controls', () => {
  it('BackButton on an inner page goes back through the app; none on a tab root; settings opens the profile', async () => {
    const o = await openApp(browser);
    const { key, issue } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues?project=${key}`, 'page-issues');
    expect(await backVisible(page)).toBe(false);
    await page.locator(`[data-testid="issue-row"][data-issue-key="${issue.key}"] [data-testid="issue-title"]`).click();
    await page.getByTestId('page-issue').waitFor();
    await expect.poll(() => backVisible(page)).toBe(true);
    await tgSend(page, 'back_button_pressed');
    await page.getByTestId('page-issues').waitFor();
    expect(path(page)).toBe('/en/issues');
    await expect.poll(() => backVisible(page)).toBe(false);

    // The settings item of Telegram's menu is there and opens the profile, in the user's language.
    expect(await tgLast(page, 'web_app_setup_settings_button')).toEqual({ is_visible: true });
    await tgSend(page, 'settings_button_pressed');
    await page.getByTestId('page-profile').waitFor();
    expect(path(page)).toBe('/en/user/profile');
    await finish(o);
  });

  it('the profile saves with the MainButton; an edited profile asks before closing until saved', async () => {
    const o = await openApp(browser);
    const { page } = o;
    // Signed in is not yet shown: the press counts once the app has put its settings item up (and
    // listens to it), which a busy machine delays past the sign-in.
    await expect.poll(() => tgLast(page, 'web_app_setup_settings_button')).toEqual({ is_visible: true });
    await tgSend(page, 'settings_button_pressed');
    await page.getByTestId('page-profile').waitFor();
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Save' });
    expect(await confirmsClosing(page)).toBe(false);
    await page.locator('input[name="name"]').fill('Renamed In Telegram');
    await expect.poll(() => confirmsClosing(page)).toBe(true);
    await tgSend(page, 'main_button_pressed');
    await expect.poll(() => confirmsClosing(page)).toBe(false);
    await expect.poll(() => haptics(page)).toContainEqual({ type: 'notification', notification_type: 'success' });
    expect((await api<{ user: { name: string } }>(o.context, 'get', '/api/user/me')).user.name).toBe('Renamed In Telegram');
    await finish(o);
  });

  it('a deep-linked issue has nothing of the app behind it: back goes up to the issue list, not out of the app', async () => {
    const first = await openApp(browser);
    const { issue } = await first.seed();
    await first.context.close();
    // The same Telegram user opens the link in a fresh client: the issue is the first page.
    const o = await openApp(browser, { platform: 'ios' }, { startParam: `issue_${issue.id}` }, first.user);
    const { page } = o;
    await page.getByTestId('page-issue').waitFor();
    await expect.poll(() => path(page)).toMatch(new RegExp(`/issues/${issue.key}$`));
    const lang = path(page).replace(/\/issues\/.*$/, '');
    await expect.poll(() => backVisible(page)).toBe(true);
    await tgSend(page, 'back_button_pressed');
    await page.getByTestId('page-issues').waitFor();
    expect(path(page)).toBe(`${lang}/issues`);
    await finish(o);
  });

  it('MainButton creates the issue, with its loader while the request runs; the dirty form asks before closing until saved', async () => {
    const o = await openApp(browser);
    const { key } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues/create?project=${key}`, 'issue-form');
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Create issue', is_progress_visible: false });
    expect(await confirmsClosing(page)).toBe(false);
    await page.getByTestId('form-title').fill('Made with the MainButton');
    await expect.poll(() => confirmsClosing(page)).toBe(true);
    // A picker's choice ticks.
    await pickIn(page, 'form-priority', 'High');
    await expect.poll(() => haptics(page)).toContainEqual({ type: 'selection_change' });

    const create = await holdRequests(page, '**/api/issues', 'POST');
    await tgSend(page, 'main_button_pressed');
    await expect.poll(() => create.held()).toBe(1);
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_progress_visible: true });
    create.release();
    await page.getByTestId('page-issue').waitFor();
    await page.getByText('Made with the MainButton').first().waitFor();
    await expect.poll(() => confirmsClosing(page)).toBe(false);
    await expect.poll(() => haptics(page)).toContainEqual({ type: 'notification', notification_type: 'success' });
    await finish(o);
  });

  it('on the issue page the written comment is the MainButton (Edit the SecondaryButton); a failed post buzzes an error', async () => {
    const o = await openApp(browser);
    const { issue } = await o.seed();
    const { page } = o;
    await reopenAt(page, `/en/issues/${issue.key}`, 'page-issue');
    await expect.poll(() => tgLast(page, 'web_app_setup_secondary_button')).toMatchObject({ is_visible: true, text: 'Edit' });
    expect((await mainButton(page))?.is_visible ?? false).toBe(false);

    await page.getByTestId('comment-input').fill('Sent from the MainButton');
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Post comment' });
    await expect.poll(() => confirmsClosing(page)).toBe(true);

    // The server refuses once: error haptic, the text stays (and so does the confirmation).
    await page.route('**/api/issues/*/comments', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ statusCode: 403, statusMessage: 'Nope' }) }) : route.fallback()), { times: 1 });
    await tgSend(page, 'main_button_pressed');
    await expect.poll(() => haptics(page)).toContainEqual({ type: 'notification', notification_type: 'error' });
    expect(await confirmsClosing(page)).toBe(true);

    const post = await holdRequests(page, '**/api/issues/*/comments', 'POST');
    await tgSend(page, 'main_button_pressed');
    await expect.poll(() => post.held()).toBe(1);
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, is_progress_visible: true });
    post.release();
    await page.getByTestId('comment').filter({ hasText: 'Sent from the MainButton' }).waitFor();
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: false });
    await expect.poll(() => confirmsClosing(page)).toBe(false);
    await expect.poll(() => haptics(page)).toContainEqual({ type: 'notification', notification_type: 'success' });

    await tgSend(page, 'secondary_button_pressed');
    await page.getByTestId('page-issueEdit').waitFor();
    // An edit form just opened has nothing to lose.
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Save changes' });
    expect(await confirmsClosing(page)).toBe(false);
    await finish(o);
  });
});
