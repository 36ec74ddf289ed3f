// Issue 11, L2: the sign-up form says why a password is weak while it is typed and on submit; the
// password rule's dictionaries load only when the field is focused.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, uniqueEmail, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const isRuleChunk = (url: string) => /\/assets\/passwords-[\w-]+\.js$/.test(new URL(url).pathname);

describe('sign-up password strength', () => {
  it('loads the rule on focus, explains a weak password as it is typed, refuses it, accepts a strong one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const chunks: string[] = [];
    page.on('request', (r) => isRuleChunk(r.url()) && chunks.push(r.url()));
    await page.goto('/user/create');
    await page.getByTestId('page-register').waitFor();
    await page.locator('input[name="name"]').fill('Сила Пароля');
    await page.locator('input[name="email"]').fill(uniqueEmail('strength'));
    expect(chunks).toEqual([]);

    const loaded = page.waitForResponse((r) => isRuleChunk(r.url()));
    await page.locator('input[name="password"]').focus();
    await loaded;
    await page.locator('input[name="password"]').fill('aaaaaaaa');
    const strength = page.getByTestId('password-strength');
    await strength.getByText('Повторы одного символа, например «ааа», легко подобрать.').waitFor();
    await page.locator('button[type="submit"]').click();
    expect(await page.getByTestId('error-password').textContent()).toBe('Пароль слишком легко подобрать');
    expect(await page.getByTestId('user-menu').count()).toBe(0);

    await page.locator('input[name="password"]').fill('quiet-harbor-lantern');
    await strength.getByText('Надёжный пароль').waitFor();
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('user-menu').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's reasons when the rule could not load", async () => {
    const context = await newContext(browser);
    await context.route((url) => isRuleChunk(url.href), (route) => route.abort());
    const page = await context.newPage();
    await page.goto('/en/user/create');
    await page.getByTestId('page-register').waitFor();
    await page.locator('input[name="name"]').fill('Weak Tester');
    await page.locator('input[name="email"]').fill(uniqueEmail('weak'));
    await page.locator('input[name="password"]').fill('aaaaaaaa');
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('password-strength').getByText('Repeated characters like "aaa" are easy to guess.').waitFor();
    expect(await page.getByTestId('error-password').textContent()).toBe('The password is too easy to guess');
    await context.close();
  });
});
