// The mini app inside a mocked Telegram: automatic sign-in once (no reload loop), stale or
// tampered data refused, `startapp=issue_<id>` deep link, the session carried without cookies in
// a third-party iframe (as in Telegram Web); and the Login Widget on the standalone login page.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSec, signInitData, signWidget, uniqueTelegramId, type TestTelegramUser } from '../server/src/test/telegram-signer.ts';
import { baseUrl, launchBrowser, newContext, registerIn, uniqueEmail, uniqueKey, watchErrors } from './browser.ts';
import { E2E_BOT_USERNAME } from './global-setup.ts';
import { launchFramingBrowser } from './telegram-web.ts';

const THEME = { bg_color: '#17212b', text_color: '#f5f5f5', hint_color: '#708499', link_color: '#6ab3f3', button_color: '#5288c1', button_text_color: '#ffffff', secondary_bg_color: '#232e3c' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tgUser = (over: Partial<TestTelegramUser> = {}): TestTelegramUser => ({ id: uniqueTelegramId(), first_name: 'Telegram', last_name: `User${Date.now() % 10000}`, language_code: 'ru', ...over });

/** The launch parameters Telegram puts in the mini app's address fragment. */
function launchHash(initData: string, startParam?: string): string {
  const params = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'android', tgWebAppThemeParams: JSON.stringify(THEME) });
  if (startParam) params.set('tgWebAppStartParam', startParam);
  return `#${params.toString()}`;
}

/** A Telegram mobile client as the page sees it: the webview proxy receiving the app's method calls. */
async function telegramContext(options: Parameters<typeof newContext>[1] = {}): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  await context.addInitScript(() => {
    const events: [string, unknown][] = [];
    (window as unknown as { __tgEvents: typeof events }).__tgEvents = events;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: (type: string, data: unknown) => events.push([type, data]) };
  });
  return context;
}

/** Waits for the automatic sign-in's outcome on the current document (`<html data-tg-sign-in>`). */
async function signInDecided(page: Page | Frame, result: 'authenticated' | 'refused') {
  await page.locator(`html[data-tg-sign-in="${result}"]`).waitFor({ state: 'attached', timeout: 15_000 });
}

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

describe('mini app automatic sign-in', () => {
  it('signs in once with signed init data: one reload, no loop, Telegram theme and ready call', async () => {
    const context = await telegramContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const loads = countLoads(page);
    await page.goto('/' + launchHash(signInitData(tgUser({ first_name: 'Auto' }))));
    // Signed in: the app shell's start screen (My work), never the website's header.
    await page.getByTestId('page-myWork').waitFor({ timeout: 15_000 });
    expect(await page.locator('header.header').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.platform)).toBe('telegram');
    // The reloaded page found the session and decided not to sign in (or reload) again.
    await signInDecided(page, 'authenticated');
    expect(loads()).toBe(2);
    // The user arrived by init data: the client store starts for them and goes live.
    await page.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.evaluate(() => Number(localStorage.getItem('tg_auto_auth_done')))).toBeGreaterThan(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim())).toBe('#17212b');
    const methods = await page.evaluate(() => (window as unknown as { __tgEvents: [string][] }).__tgEvents.map(([m]) => m));
    expect(methods).toContain('web_app_ready');
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('tapps/')).length)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('speaks the Telegram account\'s language, whatever the browser\'s: English for en and de, Russian for uk', async () => {
    const cases = [
      { language_code: 'en', browser: 'ru-RU', path: /^\/en(\/|$)/, lang: 'en' },
      { language_code: 'de', browser: 'ru-RU', path: /^\/en(\/|$)/, lang: 'en' },
      { language_code: 'uk', browser: 'en-US', path: /^\/(?!en(\/|$))/, lang: 'ru' },
    ];
    for (const c of cases) {
      const context = await telegramContext({ locale: c.browser });
      const page = await context.newPage();
      await page.goto('/' + launchHash(signInitData(tgUser({ first_name: 'Lang', language_code: c.language_code }))));
      await signInDecided(page, 'authenticated');
      await expect.poll(() => new URL(page.url()).pathname, { message: c.language_code }).toMatch(c.path);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang), { message: c.language_code }).toMatch(new RegExp(`^${c.lang}`));
      await context.close();
    }
  });

  it('does not sign in or reload with stale or tampered init data', async () => {
    const stale = signInitData(tgUser(), { authDate: nowSec() - 2 * 86_400 });
    const tampered = signInitData(tgUser({ first_name: 'Honest' })).replace('Honest', 'Mallory');
    for (const initData of [stale, tampered]) {
      const context = await telegramContext();
      const page = await context.newPage();
      const loads = countLoads(page);
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/telegram/callback'));
      await page.goto('/' + launchHash(initData));
      const res = await refused;
      expect(res.status()).toBe(401);
      expect(((await res.json()) as { error: string }).error).toMatch(/expired|invalid_hash/);
      await signInDecided(page, 'refused');
      expect(loads()).toBe(1);
      // Not signed in: the "open the app again" screen, no app tabs, no sign-in form.
      await page.getByTestId('tg-reopen').waitFor();
      expect(await page.getByTestId('tabbar').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('tg_auto_auth_done'))).toBeNull();
      await context.close();
    }
  });

  it('opens the issue of startapp=issue_<id>; Edit is on the SecondaryButton, Save on the MainButton', async () => {
    const owner = await newContext(browser);
    await registerIn(owner, uniqueEmail('tgowner'), 'Deep Link Owner');
    const key = uniqueKey('TG');
    const project = ((await (await owner.request.post('/api/projects', { data: { key, name: 'Deep links' } })).json()) as { project: { id: number } }).project;
    const issue = ((await (await owner.request.post('/api/issues', { data: { projectId: project.id, title: 'Opened from Telegram' } })).json()) as { issue: { id: number; key: string } }).issue;
    // The Telegram user exists (signed in once elsewhere) and may see the project.
    const person = tgUser();
    const first = await fetch(`${baseUrl()}/api/auth/telegram/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tgWebAppDataRaw: signInitData(person), unsafeFallback: false }) });
    const member = ((await first.json()) as { user: { id: number } }).user;
    expect((await owner.request.put(`/api/projects/${project.id}/members/${member.id}`, { data: { role: 'member' } })).ok()).toBe(true);

    const context = await telegramContext();
    const page = await context.newPage();
    await page.goto('/' + launchHash(signInitData(person, { startParam: `issue_${issue.id}` }), `issue_${issue.id}`));
    await page.getByTestId('tabbar').waitFor({ timeout: 15_000 });
    await page.getByTestId('page-issue').waitFor();
    // The deep link opens /issues/<id>, which the page then replaces with its canonical /issues/<key>.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/issues/${issue.key}`);
    await page.getByText('Opened from Telegram').first().waitFor();
    // Share to chat is offered (Bot API 8.0); this server runs no bot, which the person (a Russian account) is told.
    await page.getByTestId('issue-share').click();
    await page.getByRole('status').filter({ hasText: 'На этом сервере Telegram не настроен' }).first().waitFor();

    // Edit is on Telegram's SecondaryButton (the MainButton is the comment's send), then the edit
    // form is saved with the MainButton.
    const button = (method: string) => () =>
      page.evaluate((m) => {
        const calls = (window as unknown as { __tgEvents: [string, unknown][] }).__tgEvents.filter(([x]) => x === m);
        const last = calls.at(-1)?.[1];
        return (typeof last === 'string' ? JSON.parse(last) : (last ?? null)) as { is_visible?: boolean; text?: string } | null;
      }, method);
    const mainButton = button('web_app_setup_main_button');
    const press = (event = 'main_button_pressed') => page.evaluate((e) => (window as unknown as { TelegramGameProxy_receiveEvent: (type: string, data?: unknown) => void }).TelegramGameProxy_receiveEvent(e), event);
    await expect.poll(button('web_app_setup_secondary_button')).toMatchObject({ is_visible: true, text: 'Изменить' });
    await press('secondary_button_pressed');
    await page.getByTestId('page-issueEdit').waitFor();
    await expect.poll(mainButton).toMatchObject({ is_visible: true, text: 'Сохранить' });
    await page.getByTestId('form-title').fill('Saved from the MainButton');
    await press();
    await page.getByTestId('page-issue').waitFor();
    await page.getByText('Saved from the MainButton').first().waitFor();
    await context.close();
    await owner.close();
  });

  it('works in Telegram Web’s third-party iframe, where the session cookie is not stored', async () => {
    // Telegram Web (https) frames our http://127.0.0.1 test server: Chromium's private-network and
    // mixed-content blocks would stop the frame before our code runs, so this browser allows them.
    const framing = await launchFramingBrowser();
    const context = await newContext(framing);
    const page = await context.newPage();
    const appUrl = `${baseUrl()}/${launchHash(signInitData(tgUser({ first_name: 'Framed' })))}`;
    await page.route('https://web.telegram.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Telegram Web</title><iframe id="app" src="${appUrl}" style="width:400px;height:700px"></iframe>` }),
    );
    let frameLoads = 0;
    page.on('framenavigated', (f) => {
      if (f !== page.mainFrame()) frameLoads += 1;
    });
    await page.goto('https://web.telegram.org/k/');
    const frame = page.frameLocator('#app');
    await frame.getByTestId('tabbar').waitFor({ timeout: 15_000 });
    const app = page.frames().find((f) => f.url().startsWith(baseUrl()))!;
    await signInDecided(app, 'authenticated');
    expect(frameLoads).toBe(2);
    // No cookie travels in this frame: the signed-in state comes from the header token alone.
    expect(await app.evaluate(() => fetch('/api/user/me', { credentials: 'include' }).then((r) => r.status))).toBe(401);
    expect(await app.evaluate(() => sessionStorage.getItem('tracker.sessionToken'))).toMatch(/\./);
    // The client store syncs with the header token too (its stream carries it in the query).
    await app.locator('html[data-sync="live"]').waitFor({ state: 'attached', timeout: 15_000 });
    await framing.close();
  });
});

describe('standalone web', () => {
  it('shows the Telegram Login Widget and signs in through it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const signed = signWidget(tgUser({ first_name: 'Widget', username: 'widget_user' }));
    // Telegram's widget in redirect mode: a button that returns to data-auth-url with the signed fields.
    await page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `(() => { const s = document.currentScript; const b = document.createElement('button'); b.type = 'button'; b.id = 'fake-telegram-login';
          b.textContent = 'Log in with Telegram'; b.onclick = () => { location.href = s.dataset.authUrl + '?' + new URLSearchParams(${JSON.stringify(Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)])))}); };
          s.after(b); })();`,
      }),
    );
    await page.goto('/user/login');
    const widget = page.getByTestId('telegram-login-widget');
    await widget.waitFor();
    expect(await widget.getAttribute('data-bot')).toBe(E2E_BOT_USERNAME);
    expect(await widget.locator('script').getAttribute('data-telegram-login')).toBe(E2E_BOT_USERNAME);
    expect(await page.evaluate(() => document.documentElement.dataset.platform)).toBe('web');
    await page.locator('#fake-telegram-login').click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('page-issues').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
