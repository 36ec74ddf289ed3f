// The mini app opened by a signed-in Telegram user in the bridge harness, and what the controls'
// e2e files read from the client's record (Telegram's buttons, closing confirmation, haptics).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, watchErrors } from './browser.ts';
import { launchUrl, telegramClient, tgCalls, tgLast, tgUser, tgViolations, type ClientOptions } from './telegram-client.ts';

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
  user: ReturnType<typeof tgUser>;
  seed: () => Promise<{ key: string; projectId: number; issue: { id: number; key: string } }>;
}

const letters = () => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** A signed-in English Telegram user in the client; `seed` makes them a project with one issue. */
export async function openApp(browser: Browser, options: ClientOptions = {}, launch: { startParam?: string } = {}, user = tgUser()): Promise<Opened> {
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

export const signedIn = (page: Page) => page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
export const path = (page: Page) => new URL(page.url()).pathname;

/** Opens `url` in the signed-in client (its launch fragment kept) and waits for the page `testId`. */
export async function reopenAt(page: Page, url: string, testId?: string): Promise<void> {
  await page.goto(url + new URL(page.url()).hash);
  await signedIn(page);
  if (testId) await page.getByTestId(testId).waitFor();
}
export const backVisible = async (page: Page) => (await tgLast<{ is_visible: boolean }>(page, 'web_app_setup_back_button'))?.is_visible ?? false;
export const mainButton = (page: Page) => tgLast<{ is_visible?: boolean; text?: string; is_progress_visible?: boolean; is_active?: boolean }>(page, 'web_app_setup_main_button');
export const confirmsClosing = async (page: Page) => (await tgLast<{ need_confirmation: boolean }>(page, 'web_app_setup_closing_behavior'))?.need_confirmation ?? false;
export const haptics = async (page: Page) => (await tgCalls(page, 'web_app_trigger_haptic_feedback')).map((c) => c.params as Record<string, string>);

/** Holds the `method` requests `pattern` catches until `release()`: the app is seen while its request runs. */
export async function holdRequests(page: Page, pattern: string, method: string) {
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

export async function finish(o: Opened) {
  expect(await tgViolations(o.page)).toEqual([]);
  expect(o.errors).toEqual([]);
  await o.context.close();
}

