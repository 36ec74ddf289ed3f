// Issue 27, day one: notification settings are full-width switch rows, as in Telegram's settings —
// a finger's target whatever the label's length, the whole row toggling its switch.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, registerIn, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('notification settings', () => {
  it('are switch rows of 44 px and more, toggled from the whole row, and saved', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 800 } });
    try {
      await registerIn(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/en/user/profile');
      const row = page.getByTestId('notify-mentioned');
      await row.scrollIntoViewIfNeeded();
      const box = (await row.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThan(300);
      const toggle = row.getByRole('switch');
      const size = (await toggle.boundingBox())!;
      expect(size.width).toBeGreaterThanOrEqual(44);
      const was = await toggle.isChecked();
      await row.locator('.switch-row__label').click();
      expect(await toggle.isChecked()).toBe(!was);
      await page.getByTestId('notification-settings').getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => ((await (await context.request.get('/api/user/notification-settings')).json()) as { settings: { mentioned: boolean } }).settings.mentioned)
        .toBe(!was);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
