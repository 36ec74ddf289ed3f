// Issue 17, item 3: a personal access token made on the profile page is shown once (with a warning
// and a copy button), works as a Bearer token, is listed without its secret, and is revoked through
// the app's confirmation — on a 320 px wide screen, in both languages.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, registerIn, watchErrors } from './browser.ts';
import { measureOverflow } from './layout-fit.ts';
import { finish, openApp, reopenAt } from './telegram-app.ts';
import { tgCalls, tgLast, tgPopupAnswer } from './telegram-client.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const T = {
  ru: { prefix: '', once: 'больше он показан не будет', never: 'Ещё не использовался', write: 'Чтение и запись', revoke: 'Отозвать' },
  en: { prefix: '/en', once: 'it will not be shown again', never: 'Never used', write: 'Read and write', revoke: 'Revoke' },
} as const;

describe('API tokens on the profile page', () => {
  for (const lang of ['ru', 'en'] as const) {
    it(`makes a token shown once, lists and revokes it at 320 px (${lang})`, async () => {
      const context = await newContext(browser, { viewport: { width: 320, height: 640 } });
      try {
        await registerIn(context);
        const page = await context.newPage();
        const errors = watchErrors(page);
        await page.goto(`${T[lang].prefix}/user/profile`);
        const section = page.getByTestId('api-tokens');
        await section.scrollIntoViewIfNeeded();
        await section.locator('input[name="tokenName"]').fill('CI export');
        await page.getByTestId('api-token-scope').selectOption('write');
        await page.getByTestId('api-token-create').click();

        const created = page.getByTestId('api-token-created');
        await created.waitFor();
        expect(await created.textContent()).toContain(T[lang].once);
        const secret = await page.getByTestId('api-token-secret').inputValue();
        expect(secret).toMatch(/^trk_[A-Za-z0-9_-]{43}$/);
        await page.getByTestId('api-token-secret-copy').waitFor();
        expect(await measureOverflow(page)).toMatchObject({ pageScroll: 0, sticking: [] });

        // The token works on its own, as a script would send it.
        const me = await context.request.get('/api/user/me', { headers: { authorization: `Bearer ${secret}`, cookie: '' } });
        expect(me.status()).toBe(200);

        const item = page.getByTestId('api-token-list').locator('> li');
        await expect.poll(() => item.count()).toBe(1);
        const text = (await item.first().textContent()) ?? '';
        expect(text).toContain('CI export');
        expect(text).toContain(T[lang].write);

        // Once gone, the secret is nowhere on the page, not even after a reload.
        await page.getByTestId('api-token-done').click();
        await page.getByTestId('api-token-form').waitFor();
        await page.reload();
        await page.getByTestId('api-token-list').waitFor();
        expect(await page.content()).not.toContain(secret.slice(4));
        expect(await page.getByTestId('api-token-list').textContent()).not.toContain(T[lang].never);
        expect(await measureOverflow(page)).toMatchObject({ pageScroll: 0, sticking: [] });

        await page.getByTestId('api-token-list').getByRole('button', { name: T[lang].revoke }).click();
        await page.getByTestId('confirm-dialog-confirm').click();
        await page.getByTestId('api-token-list').waitFor({ state: 'detached' });
        const after = await context.request.get('/api/user/me', { headers: { authorization: `Bearer ${secret}`, cookie: '' } });
        expect(after.status()).toBe(401);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('works inside Telegram: revoking asks in Telegram’s popup', async () => {
    const o = await openApp(browser, { platform: 'ios' });
    const { page } = o;
    await reopenAt(page, '/en/user/profile', 'api-tokens');
    await page.locator('input[name="tokenName"]').fill('From Telegram');
    await page.getByTestId('api-token-create').click();
    const secret = await page.getByTestId('api-token-secret').inputValue();
    expect(secret).toMatch(/^trk_/);
    await page.getByTestId('api-token-done').click();

    await tgPopupAnswer(page, 'first');
    await page.getByTestId('api-token-list').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(async () => (await tgCalls(page, 'web_app_open_popup')).length).toBe(1);
    const popup = (await tgLast<{ message: string; buttons: { type: string }[] }>(page, 'web_app_open_popup'))!;
    expect(popup.message).toContain('From Telegram');
    expect(popup.buttons.map((b) => b.type)).toEqual(['destructive', 'cancel']);
    await page.getByTestId('api-token-list').waitFor({ state: 'detached' });
    expect((await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);
    await finish(o);
  });
});
