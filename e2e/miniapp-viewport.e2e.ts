// The mini app's viewport inside Telegram: the on-screen keyboard does not make the page jump, and
// on phone clients the user can switch to fullscreen, with the content kept clear of Telegram's
// own buttons (safe area + content safe area) and the choice applied again at the next launch.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './browser.ts';
import { launchUrl, telegramClient, tgCalls, tgSend, tgUser, tgViolations, type TgPlatform } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const signedIn = (page: Page) => page.locator('html[data-tg-sign-in="authenticated"]').waitFor({ state: 'attached', timeout: 15_000 });
const px = (page: Page, selector: string, property: string) => page.locator(selector).first().evaluate((el, p) => Number.parseFloat(getComputedStyle(el).getPropertyValue(p)), property);
const height = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => el.getBoundingClientRect().height);

describe('the on-screen keyboard', () => {
  for (const platform of ['ios', 'android'] as const satisfies TgPlatform[]) {
    it(`does not change the page's height or scroll position on ${platform}`, async () => {
      const context = await telegramClient(browser, { platform, viewport: { width: 390, height: 760 } });
      const page = await context.newPage();
      const errors = watchErrors(page);
      // A short page: its container is as tall as the app's height, not as its content. (Not a list:
      // streams are everyone's, and the other tests' would make that page long.)
      await page.goto(launchUrl({ platform, user: tgUser(), path: '/en/user' }));
      await signedIn(page);
      await page.getByTestId('page-me').waitFor();
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-stable-height'))).toBe('760px');
      const before = { root: await height(page, '.app-root'), main: await height(page, 'main'), scroll: await page.evaluate(() => scrollY) };
      expect(before.root).toBe(760);

      // The keyboard slides in: the webview shrinks and Telegram reports an unstable height.
      await page.setViewportSize({ width: 390, height: 460 });
      await tgSend(page, 'viewport_changed', { height: 460, width: 390, is_expanded: true, is_state_stable: false });
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-height'))).toBe('460px');
      expect({ root: await height(page, '.app-root'), main: await height(page, 'main'), scroll: await page.evaluate(() => scrollY) }).toEqual(before);
      expect(await tgViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('fullscreen', () => {
  const safeArea = { top: 47, bottom: 34, left: 0, right: 0 };
  const contentSafeArea = { top: 46, bottom: 0, left: 0, right: 0 };

  it('on iOS the profile switch enters fullscreen, the content clears Telegram’s buttons, and the next launch restores it', async () => {
    const context = await telegramClient(browser, { platform: 'ios', safeArea, contentSafeArea });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const user = tgUser();
    await page.goto(launchUrl({ platform: 'ios', user, path: '/en/user/profile' }));
    await signedIn(page);
    await page.getByTestId('page-profile').waitFor();
    expect(await px(page, '.app-root', 'padding-top')).toBe(0);

    // telegram-ui draws the switch over a visually hidden checkbox: the person taps the drawing.
    const flip = (p: Page) => p.locator('label:has([data-testid="fullscreen-switch"])').click();
    await flip(page);
    expect((await tgCalls(page)).map((c) => c.method)).toContain('web_app_request_fullscreen');
    await page.locator('html[data-tg-fullscreen]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('fullscreen-switch').isChecked()).toBe(true);
    await expect.poll(() => px(page, '.app-root', 'padding-top')).toBe(safeArea.top + contentSafeArea.top);
    expect(await px(page, '.app-root', 'padding-bottom')).toBe(safeArea.bottom);
    // The page title starts below Telegram's close and menu buttons.
    expect((await page.locator('h1').first().boundingBox())!.y).toBeGreaterThanOrEqual(safeArea.top + contentSafeArea.top);

    // The next launch applies the choice by itself.
    const again = await context.newPage();
    await again.goto(launchUrl({ platform: 'ios', user, path: '/en/user/profile' }));
    await signedIn(again);
    await expect.poll(async () => (await tgCalls(again)).map((c) => c.method)).toContain('web_app_request_fullscreen');
    await again.locator('html[data-tg-fullscreen]').waitFor({ state: 'attached' });
    expect(await again.getByTestId('fullscreen-switch').isChecked()).toBe(true);

    // And back: the switch leaves fullscreen and the padding goes.
    await flip(again);
    expect((await tgCalls(again)).map((c) => c.method)).toContain('web_app_exit_fullscreen');
    await expect.poll(() => px(again, '.app-root', 'padding-top')).toBe(0);
    expect(await tgViolations(page)).toEqual([]);
    expect(await tgViolations(again)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not offered on Telegram Desktop, nor on a phone client older than Bot API 8.0', async () => {
    for (const [platform, version] of [['tdesktop', '8.0'], ['android', '7.10']] as const) {
      const context = await telegramClient(browser, { platform, version });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(launchUrl({ platform, version, user: tgUser(), path: '/en/user/profile' }));
      await signedIn(page);
      await page.getByTestId('page-profile').waitFor();
      // The viewport is mounted (its variables bound) and React has rendered what that decided.
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-viewport-stable-height'))).not.toBe('');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      expect(await page.getByTestId('fullscreen-switch').count()).toBe(0);
      expect((await tgCalls(page)).map((c) => c.method)).not.toContain('web_app_request_fullscreen');
      expect(await tgViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
