// The harness itself, against the app as it is: a client speaking the real bridge protocol gets the
// app's ready call, answers its requests, and sees a live theme change reach the page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './browser.ts';
import { cssVar, launchUrl, telegramClient, tgCalls, tgSwitchTheme, tgUser, tgViolations, THEMES } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());


describe('Telegram client over the bridge', () => {
  it('receives ready, answers the theme request and repaints on a live theme change, with no refused call', async () => {
    const context = await telegramClient(browser, { platform: 'tdesktop', theme: 'dark' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(launchUrl({ platform: 'tdesktop', theme: 'dark', user: tgUser() }));
    await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect((await tgCalls(page)).map((c) => c.method)).toContain('web_app_ready');
    await expect.poll(() => cssVar(page, '--tg-theme-bg-color')).toBe(THEMES.tdesktop.dark.bg_color);
    await tgSwitchTheme(page, 'tdesktop', 'light');
    await expect.poll(() => cssVar(page, '--tg-theme-bg-color')).toBe(THEMES.tdesktop.light.bg_color);
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an old client (Bot API 6.0) is never asked for what it lacks, and the app runs without console errors', async () => {
    const context = await telegramClient(browser, { platform: 'android', theme: 'light', version: '6.0' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(launchUrl({ platform: 'android', theme: 'light', version: '6.0', user: tgUser() }));
    await page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await tgViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
