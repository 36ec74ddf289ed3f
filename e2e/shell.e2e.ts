// The shell's user journeys: language switch, colour mode, sign-up/out/in, service worker.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, registerIn, uniqueEmail, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('language', () => {
  it('switching keeps the current page and is remembered in a cookie for a year', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/privacy?page=2');
    await page.getByTestId('page-privacy').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/en/privacy');
    expect(new URL(page.url()).search).toBe('?page=2');
    await page.getByTestId('page-privacy').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const cookie = (await context.cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('en');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/privacy');
    await context.close();
  });
});

describe('language of a signed-in user', () => {
  it('is saved to the account when switched, so the bot and the mini app follow it', async () => {
    const context = await newContext(browser);
    await registerIn(context, uniqueEmail('lang'), 'Lang Switcher');
    const savedLocale = async () => ((await (await context.request.get('/api/user/me')).json()) as { user: { locale: string } }).user.locale;
    expect(await savedLocale()).toBe('ru');
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.getByTestId('page-privacy').waitFor();
    await page.getByTestId('lang-switch').click();
    await page.waitForURL((u) => u.pathname === '/en/privacy');
    await expect.poll(savedLocale).toBe('en');
    await context.close();
  });
});

describe('tooltip', () => {
  it("explains the header's name on hover (after its delay) and on keyboard focus, which it keeps", async () => {
    const context = await newContext(browser, { viewport: { width: 800, height: 900 }, locale: 'en-US' });
    await registerIn(context, uniqueEmail('tip'), 'Tip Person');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/en/privacy');
    const name = page.getByTestId('user-menu').getByRole('link', { name: 'Tip Person' });
    const tip = page.getByRole('tooltip', { name: 'Signed in as Tip Person' });
    await name.hover();
    // The first hover loads the library; the pointer moving on over the name opens the hint.
    await page.locator('[data-testid="user-menu"] a[data-state]').waitFor();
    const box = (await name.boundingBox())!;
    const hovered = Date.now();
    await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 2);
    await tip.waitFor();
    expect(Date.now() - hovered).toBeGreaterThanOrEqual(650);
    await page.mouse.move(box.x - 200, box.y + 300, { steps: 5 });
    await tip.waitFor({ state: 'detached' });

    await page.reload();
    await name.focus();
    await tip.waitFor();
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('colour mode', () => {
  it('persists across a reload under nuxt-color-mode', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    const control = page.getByTestId('color-mode');
    const tag = await control.evaluate((el) => el.tagName);
    if (tag === 'SELECT') await control.selectOption('dark');
    else {
      for (let i = 0; i < 3 && (await control.getAttribute('data-value')) !== 'dark'; i++) await control.click();
    }
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
    await page.reload();
    await page.getByTestId('page-home').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('nuxt-color-mode'))).toBe('dark');
    expect(await page.locator('html').getAttribute('data-color-mode')).toBe('dark');
    await context.close();
  });
});

describe('accounts', () => {
  it('sign up → sign out → sign in, with field errors from the server', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = uniqueEmail('journey');

    await page.goto('/en/user/create');
    await page.getByTestId('page-register').waitFor();
    await page.locator('input[name="name"]').fill('Journey Tester');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('lantern-harbor-42');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toContain('Journey Tester');

    await page.getByTestId('logout').click();
    await page.getByTestId('page-home').waitFor();
    expect((await context.request.get('/api/user/me')).status()).toBe(401);

    await page.goto('/en/issues');
    await page.waitForURL((u) => u.pathname === '/en/user/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('alert').filter({ hasText: /Invalid e-mail or password/ }).waitFor();

    await page.locator('input[name="password"]').fill('lantern-harbor-42');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/en/issues');
    await page.getByTestId('page-issues').waitFor();
    expect(errors.filter((e) => !/401|429/.test(e))).toEqual([]);
    await context.close();
  });

  it('shows the server’s field error for a taken e-mail, in Russian', async () => {
    const context = await newContext(browser);
    const email = uniqueEmail('taken');
    await context.request.post('/api/auth/register', { data: { email, password: 'taken-pass-42', name: 'First' } });
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/user/create');
    await page.locator('input[name="name"]').fill('Second');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('taken-pass-42');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Этот e-mail уже зарегистрирован').waitFor();
    await context.close();
  });
});

describe('PWA', () => {
  it('registers the service worker at /sw.js with scope /', async () => {
    const context = await newContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    const registration = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL };
    });
    expect(new URL(registration.scope).pathname).toBe('/');
    expect(new URL(registration.script!).pathname).toBe('/sw.js');
    const manifest = await (await context.request.get('/manifest.webmanifest')).json();
    expect(manifest.display).toBe('standalone');
    await context.close();
  });
});
