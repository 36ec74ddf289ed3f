// "Add to home screen", offered once from My work inside Telegram (issue 26): where the client says
// the app is missing from the home screen, My work offers it; Add asks Telegram (its own dialog), and
// either answer is remembered on the device.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { launchUrl, telegramClient, tgCalls, tgUser, tgViolations } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('add to home screen', () => {
  it('is offered once on My work where the client says it is missing; Add asks Telegram', async () => {
    const context = await telegramClient(browser, { platform: 'android', homeScreen: 'missed' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'android', user: tgUser({ language_code: 'en' }) }));
    const offer = page.getByTestId('home-screen-offer');
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.locator('h2').textContent()).toBe('Tracker on your home screen');
    await offer.getByTestId('home-screen-add').click();
    await offer.waitFor({ state: 'detached' });
    expect(await tgCalls(page, 'web_app_add_to_home_screen')).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('tracker.homeScreenOffered'))).toBe('1');
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });

  it('is not offered where the client cannot tell', async () => {
    const context = await telegramClient(browser, { platform: 'ios' });
    const page = await context.newPage();
    await page.goto(launchUrl({ platform: 'ios', user: tgUser({ language_code: 'ru' }) }));
    await page.getByTestId('page-myWork').waitFor({ timeout: 20_000 });
    // The client was asked, and answered `unknown`: nothing is offered.
    await expect.poll(() => tgCalls(page, 'web_app_check_home_screen').then((c) => c.length)).toBe(1);
    expect(await page.getByTestId('home-screen-offer').count()).toBe(0);
    expect(await tgViolations(page)).toEqual([]);
    await context.close();
  });
});
