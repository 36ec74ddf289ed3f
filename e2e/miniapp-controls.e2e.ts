// Telegram's own controls, over the real bridge: BackButton on inner pages (back through the app's
// history, up to the parent from a deep link), MainButton with its loader, SecondaryButton,
// SettingsButton → profile, closing confirmation while a form is dirty, haptics, delete confirmed
// in Telegram's popup, vertical swipes off while dragging a card, and an old client left alone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser, watchErrors } from './browser.ts';
import { launchUrl, telegramClient, tgCalls, tgLast, tgPopupAnswer, tgSend, tgUser, tgViolations, type ClientOptions } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
  user: ReturnType<typeof tgUser>;
  seed: () => Promise<{ key: string; projectId: number; issue: { id: number; key: string } }>;
}

const letters = () => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** A signed-in English Telegram user in the client; `seed` makes them a project with one issue. */
async function open(options: ClientOptions = {}, launch: { startParam?: string } = {}, user = tgUser()): Promise<Opened> {
  const context = await telegramClient(browser, { platform: 'android', ...options });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(launchUrl({ user, platform: options.platform, version: options.version, ...launch }));
  await signedIn(page);
  const seed = async () => {
    const key = `C${letters()}`;
    const { project } = await api<{ project: { id: number } }>(context, 'post', '/api/projects', { key, name: `Controls ${key}` });
    const { issue } = await api<{ issue: { id: number; key: string } }>(context, 'post', '/api/issues', { projectId: project.id, title: 'Pressed from Telegram' });
    return { key, projectId: project.id, issue };
  };
  return { context, page, errors, user, seed };
}

const signedIn = (page: Page) => page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
const path = (page: Page) => new URL(page.url()).pathname;
const backVisible = async (page: Page) => (await tgLast<{ is_visible: boolean }>(page, 'web_app_setup_back_button'))?.is_visible ?? false;
const mainButton = (page: Page) => tgLast<{ is_visible?: boolean; text?: string; is_progress_visible?: boolean; is_active?: boolean }>(page, 'web_app_setup_main_button');
const confirmsClosing = async (page: Page) => (await tgLast<{ need_confirmation: boolean }>(page, 'web_app_setup_closing_behavior'))?.need_confirmation ?? false;
const haptics = async (page: Page) => (await tgCalls(page, 'web_app_trigger_haptic_feedback')).map((c) => c.params as Record<string, string>);

/** Holds the requests `match` catches until `release()`: the app is seen while its request runs. */
async function holdRequests(page: Page, pattern: string, method: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    held += 1;
    await gate;
    await route.fallback();
  });
  return { release, held: () => held };
}

async function finish(o: Opened) {
  expect(await tgViolations(o.page)).toEqual([]);
  expect(o.errors).toEqual([]);
  await o.context.close();
}

describe('Telegram controls', () => {
  it('BackButton on an inner page goes back through the app; none on a tab root; settings opens the profile', async () => {
    const o = await open();
    const { key, issue } = await o.seed();
    const { page } = o;
    await page.goto(`/en/issues?project=${key}` + new URL(page.url()).hash);
    await signedIn(page);
    await page.getByTestId('page-issues').waitFor();
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
    const o = await open();
    const { page } = o;
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
    const first = await open();
    const { issue } = await first.seed();
    await first.context.close();
    // The same Telegram user opens the link in a fresh client: the issue is the first page.
    const o = await open({ platform: 'ios' }, { startParam: `issue_${issue.id}` }, first.user);
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
    const o = await open();
    const { key } = await o.seed();
    const { page } = o;
    await page.goto(`/en/issues/create?project=${key}` + new URL(page.url()).hash);
    await signedIn(page);
    await page.getByTestId('issue-form').waitFor();
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Create issue', is_progress_visible: false });
    expect(await confirmsClosing(page)).toBe(false);
    await page.getByTestId('form-title').fill('Made with the MainButton');
    await expect.poll(() => confirmsClosing(page)).toBe(true);
    // A select's change ticks.
    await page.getByTestId('form-priority').selectOption('high');
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
    const o = await open();
    const { issue } = await o.seed();
    const { page } = o;
    await page.goto(`/en/issues/${issue.key}` + new URL(page.url()).hash);
    await signedIn(page);
    await page.getByTestId('page-issue').waitFor();
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
    await finish(o);
  });

  it('deleting an issue asks in Telegram\'s popup: cancel keeps it, the destructive button deletes it', async () => {
    const o = await open();
    const { issue } = await o.seed();
    const { page } = o;
    await page.goto(`/en/issues/${issue.key}` + new URL(page.url()).hash);
    await signedIn(page);
    await page.getByTestId('page-issue').waitFor();
    await tgPopupAnswer(page, 'last');
    await page.getByTestId('issue-delete').click();
    await expect.poll(async () => (await tgCalls(page, 'web_app_open_popup')).length).toBe(1);
    const popup = (await tgLast<{ message: string; buttons: { type: string }[] }>(page, 'web_app_open_popup'))!;
    expect(popup.message).toContain(issue.key);
    expect(popup.buttons.map((b) => b.type)).toEqual(['destructive', 'cancel']);
    // Cancelled: still here, still there.
    expect((await page.request.get(`/api/issues/${issue.key}`)).ok()).toBe(true);
    expect(path(page)).toBe(`/en/issues/${issue.key}`);

    await tgPopupAnswer(page, 'first');
    await page.getByTestId('issue-delete').click();
    await page.getByTestId('page-issues').waitFor();
    expect((await page.request.get(`/api/issues/${issue.key}`)).status()).toBe(404);
    await finish(o);
  });

  it('a page\'s confirmation dialog is Telegram\'s popup inside Telegram: deleting a stream', async () => {
    const o = await open();
    const { page, context } = o;
    const name = `Stream ${'long name '.repeat(30)}`.slice(0, 100);
    const { stream } = await api<{ stream: { id: number } }>(context, 'post', '/api/streams', { name });
    await page.goto(`/en/streams/${stream.id}` + new URL(page.url()).hash);
    await signedIn(page);
    await page.getByTestId('page-stream').waitFor();
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
    const o = await open({ platform: 'tdesktop' });
    const { key, issue } = await o.seed();
    const { page } = o;
    await page.goto(`/en/issues?project=${key}&layout=board` + new URL(page.url()).hash);
    await signedIn(page);
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
    const o = await open({ version: '6.0' });
    const { key, issue } = await o.seed();
    const { page } = o;
    const hash = new URL(page.url()).hash;
    await page.goto(`/en/issues/${issue.key}` + hash);
    await signedIn(page);
    await page.getByTestId('page-issue').waitFor();
    await page.getByTestId('comment-input').fill('From an old client');
    await expect.poll(() => mainButton(page)).toMatchObject({ is_visible: true, text: 'Post comment' });
    await tgSend(page, 'main_button_pressed');
    await page.getByTestId('comment').filter({ hasText: 'From an old client' }).waitFor();
    // No popup in 6.0: the browser's confirm stands in.
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('issue-delete').click();
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
