// Issue 11, H1: a changed e-mail waits for confirmation; the profile and the "me" page say so, in
// both languages, and saving the form again keeps the pending address. Issue 25: once changed, the
// old address gets a link whose page puts it back. Issue 26: the profile connects Telegram and disconnects it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signWidget, uniqueTelegramId } from '../server/src/test/telegram-signer.ts';
import { launchBrowser, newContext, registerIn, uniqueEmail, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const T = {
  ru: { prefix: '', connect: 'Подключить Telegram', linked: (name: string) => `Подключён: ${name}`, pending: /^Новый адрес (\S+) ждёт подтверждения: .* До тех пор вход — по адресу (\S+)\.$/, me: /меняется на (\S+), ещё не подтверждён/ },
  en: { prefix: '/en', connect: 'Connect Telegram', linked: (name: string) => `Connected: ${name}`, pending: /^The new address (\S+) is waiting for confirmation: .* Until then you sign in with (\S+)\.$/, me: /changing to (\S+), not confirmed yet/ },
} as const;

describe('a pending e-mail change', () => {
  for (const lang of ['ru', 'en'] as const) {
    it(`is shown on the profile and me pages, and survives saving other fields (${lang})`, async () => {
      const context = await newContext(browser);
      try {
        const { email } = await registerIn(context);
        const next = uniqueEmail('next');
        expect((await context.request.patch('/api/user/profile', { data: { email: next } })).ok()).toBe(true);
        const page = await context.newPage();
        const errors = watchErrors(page);

        await page.goto(`${T[lang].prefix}/user/profile`);
        const note = page.getByTestId('pending-email');
        await note.waitFor();
        const [, pending, current] = T[lang].pending.exec((await note.textContent())!)!;
        expect([pending, current]).toEqual([next, email]);
        expect(await page.locator('input[name="email"]').inputValue()).toBe(next);

        // Saving a new name sends the pending address back, which keeps it pending (not cancelled).
        await page.locator('input[name="name"]').fill('Renamed');
        await page.locator('form:has(input[name="email"]) button[type="submit"]').click();
        await expect.poll(async () => (await (await context.request.get('/api/user/me')).json()).user.name).toBe('Renamed');
        const { user } = await (await context.request.get('/api/user/me')).json();
        expect(user).toMatchObject({ email, pending_email: next });

        await page.goto(`${T[lang].prefix}/user`);
        const me = page.getByTestId('me-pending-email');
        await me.waitFor();
        expect(T[lang].me.exec((await me.textContent())!)?.[1]).toBe(next);

        // An e-mail account connects Telegram from the profile (issue 26): the link opens the bot's one-time link page.
        await page.goto(`${T[lang].prefix}/user/profile`);
        const connect = page.getByTestId('connect-telegram');
        expect(await connect.textContent()).toBe(T[lang].connect);
        await connect.click();
        await page.getByTestId('page-telegramUsernameConfirm').waitFor();
        expect(new URL(page.url()).pathname).toBe(`${T[lang].prefix}/user/telegram-username-confirm`);

        // Once linked (here through the Login Widget), the profile names the account and disconnects it.
        const person = { id: uniqueTelegramId(), first_name: 'Olga', username: `olga_${lang}` };
        expect((await context.request.post('/api/auth/telegram/widget', { data: signWidget(person) })).ok()).toBe(true);
        await page.goto(`${T[lang].prefix}/user/profile`);
        await expect.poll(() => page.getByTestId('telegram-linked').textContent()).toBe(T[lang].linked(`Olga (@olga_${lang})`));
        await page.getByTestId('disconnect-telegram').click();
        await page.getByTestId('confirm-dialog-confirm').click();
        await page.getByTestId('connect-telegram').waitFor();
        expect((await (await context.request.get('/api/telegram/account')).json()).account).toBeNull();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/** The first `path` link mailed to `email` (the dev outbox; quoted-printable undone). */
function linkMailed(email: string, linkPath: string): string | undefined {
  const dir = path.join(inject('dataDir'), 'outbox');
  const texts = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(`To: ${email}`));
  for (const text of texts) {
    const link = new RegExp(`https?://\\S+${linkPath}\\?token=[\\w-]+`).exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

describe('a changed e-mail', () => {
  it('tells the old address, whose link puts it back after a click and signs everyone out', async () => {
    const context = await newContext(browser);
    try {
      const { email } = await registerIn(context);
      const next = uniqueEmail('taken');
      expect((await context.request.patch('/api/user/profile', { data: { email: next } })).ok()).toBe(true);
      await expect.poll(() => linkMailed(next, '/user/confirm-email')).toBeTruthy();
      const token = new URL(linkMailed(next, '/user/confirm-email')!).searchParams.get('token');
      expect((await context.request.post('/api/user/confirm-email', { data: { token } })).ok()).toBe(true);

      await expect.poll(() => linkMailed(email, '/user/restore-email')).toBeTruthy();
      const link = new URL(linkMailed(email, '/user/restore-email')!);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(link.pathname + link.search);
      // Nothing happens until the owner asks for it.
      await page.getByTestId('restore-email').waitFor();
      expect((await (await context.request.get('/api/user/me')).json()).user.email).toBe(next);
      await page.getByTestId('restore-email').click();
      const done = page.getByTestId('restore-success');
      await done.waitFor();
      expect(await done.textContent()).toContain(`Адрес ${email} снова у аккаунта`);
      expect((await context.request.get('/api/user/me')).status()).toBe(401);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
