// The reminder dialogs through every state, in both languages: e-mail (show, Later, resend ok,
// resend refused with the server's text, network failure with the fallback text, link from the
// outbox confirms) and phone (intro, send, code cells with typing/Backspace/paste, wrong code,
// Back, refused send, fallbacks, success).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_PASSWORD } from './global-setup.ts';
import { connectEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { launchBrowser, newContext, registerIn, uniqueEmail, watchErrors } from './browser.ts';

let browser: Browser;
let db: pg.Client;
const dataDir = () => inject('dataDir');

beforeAll(async () => {
  browser = await launchBrowser();
  const { url } = await connectEmbeddedPostgres(dataDir());
  db = new pg.Client({ connectionString: url });
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db?.end();
});

const sql = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows;
const due = (userId: number, kind: 'email' | 'phone') => sql(`update reminders set next_show_at = now() - interval '1 second' where user_id = $1 and kind = $2`, [userId, kind]);
const T = {
  ru: {
    emailTitle: 'Подтвердите e-mail', resend: 'Отправить письмо ещё раз', later: 'Позже', emailFallback: 'Ошибка отправки письма',
    resendLimit: 'Письмо можно отправлять не чаще раза в минуту и не больше 5 раз в день. Попробуйте позже.', confirmed: /подтверждён/,
    phoneTitle: 'Подтвердите номер телефона', send: 'Получить код', back: 'Назад', smsFallback: 'Ошибка отправки SMS', badCode: 'Неверный или устаревший код',
    smsLimit: 'SMS можно запрашивать не чаще раза в минуту и не больше 5 раз в час. Попробуйте позже.', prefix: '',
  },
  en: {
    emailTitle: 'Confirm your e-mail', resend: 'Send the e-mail again', later: 'Later', emailFallback: 'Failed to send the e-mail',
    resendLimit: 'The e-mail can be sent at most once a minute and 5 times a day. Try again later.', confirmed: /is confirmed/,
    phoneTitle: 'Confirm your phone number', send: 'Get the code', back: 'Back', smsFallback: 'Failed to send the SMS', badCode: 'Invalid or expired code',
    smsLimit: 'A code can be requested at most once a minute and 5 times an hour. Try again later.', prefix: '/en',
  },
} as const;

function mailsTo(email: string): string[] {
  const dir = path.join(dataDir(), 'outbox');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));
}
function lastSmsCode(phone: string): string {
  const lines = readFileSync(path.join(dataDir(), 'outbox', 'sms.log'), 'utf8').trim().split('\n');
  const line = lines.reverse().find((l) => l.includes(`SMS to ${phone}: `));
  return line!.split(': ').at(-1)!.trim();
}
async function pasteCode(page: Page, code: string) {
  await page.getByTestId('code-cells').locator('input').first().evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

for (const lang of ['ru', 'en'] as const) {
  const tx = T[lang];
  describe(`account reminder dialogs (${lang})`, () => {
    let context: BrowserContext;
    afterAll(() => context?.close());

    it('e-mail dialog: shows when allowed, Later, resend, refused resend, fallback text, link confirms', async () => {
      context = await newContext(browser);
      // The user's language decides the mail's language and its link (/en for English).
      const email = uniqueEmail();
      const reg = await context.request.post('/api/auth/register', { data: { email, password: E2E_PASSWORD, name: 'E2E', locale: lang } });
      const { id } = ((await reg.json()) as { user: { id: number } }).user;
      const page = await context.newPage();
      const errors = watchErrors(page);
      const dialog = page.getByTestId('email-confirm-dialog');

      // Just registered: the reminder waits. The app opens the dialog only on `canShow: true`, so
      // the answer to its check proves the decision was made.
      const reminderCheck = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/email-confirm-reminder');
      await page.goto(`${tx.prefix}/`);
      await page.getByTestId('page-myWork').waitFor();
      expect(((await (await reminderCheck).json()) as { canShow: boolean }).canShow).toBe(false);
      expect(await dialog.isVisible()).toBe(false);

      await due(id, 'email');
      await page.reload();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect.poll(() => dialog.locator('h2').textContent()).toBe(tx.emailTitle);
      expect(await dialog.textContent()).toContain(email);
      await dialog.getByRole('button', { name: tx.later }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // Shown again later: resend succeeds and hides it; the mail lands in the outbox.
      await due(id, 'email');
      await page.reload();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: tx.resend }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => mailsTo(email).length).toBe(2);

      // Refused (1 a minute): the server's statusMessage in red under the button; the dialog stays.
      await due(id, 'email');
      await page.reload();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: tx.resend }).click();
      await expect.poll(() => page.getByTestId('email-error').textContent()).toBe(tx.resendLimit);
      expect(await dialog.isVisible()).toBe(true);
      const color = await page.getByTestId('email-error').evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = color.match(/\d+/g)!.map(Number);
      expect(r!).toBeGreaterThan(g! + 60);
      expect(r!).toBeGreaterThan(b! + 60);

      // No answer at all: the fallback text.
      await page.route('**/api/user/resend-confirm-email', (route) => route.abort());
      await dialog.getByRole('button', { name: tx.resend }).click();
      await expect.poll(() => page.getByTestId('email-error').textContent()).toBe(tx.emailFallback);
      await page.unroute('**/api/user/resend-confirm-email');
      await dialog.getByRole('button', { name: tx.later }).click();

      // The link from the outbox confirms; the reminder is then never allowed.
      const text = mailsTo(email).at(-1)!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /https?:\/\/\S+\/user\/confirm-email\?token=[\w-]+/.exec(text)![0];
      expect(link).toContain(`${tx.prefix}/user/confirm-email`);
      await page.goto(link);
      const result = page.locator('[data-testid^="confirm-"]');
      await result.waitFor();
      expect(await result.getAttribute('data-testid'), `${link} ${await result.textContent()}`).toBe('confirm-success');
      expect(await result.textContent()).toMatch(tx.confirmed);
      await due(id, 'email');
      const check = await context.request.get('/api/user/email-confirm-reminder');
      expect(await check.json()).toEqual({ canShow: false });
      expect(errors.filter((e) => !/429|Failed to fetch|ERR_FAILED/.test(e))).toEqual([]);
    });

    it('phone dialog: intro, send, refused send, cells, wrong code, Back, fallbacks, paste confirms', async () => {
      context = await newContext(browser);
      const { id } = await registerIn(context);
      const phone = `+7916${String(Date.now()).slice(-7)}`;
      const patch = await context.request.patch('/api/user/profile', { data: { phone } });
      expect(patch.ok()).toBe(true);
      await sql('update users set email_confirmed_at = now() where id = $1', [id]);
      await due(id, 'phone');
      const page = await context.newPage();
      const dialog = page.getByTestId('phone-confirm-dialog');
      const verifyCalls: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/api/user/verify-phone-code')) verifyCalls.push(req.postData() ?? '');
      });

      await page.goto(`${tx.prefix}/`);
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('h2').textContent()).toBe(tx.phoneTitle);
      expect(await page.getByTestId('phone-intro').textContent()).toContain(phone);

      // Send fails without an answer: fallback text, still on the intro.
      await page.route('**/api/user/send-phone-confirm-code', (route) => route.abort());
      await dialog.getByRole('button', { name: tx.send }).click();
      await expect.poll(() => page.getByTestId('phone-error').textContent()).toBe(tx.smsFallback);
      await page.unroute('**/api/user/send-phone-confirm-code');

      // Send succeeds: the code step, cells empty, no error.
      await dialog.getByRole('button', { name: tx.send }).click();
      await page.getByTestId('phone-code-step').waitFor();
      expect(await page.getByTestId('phone-error').count()).toBe(0);
      const cells = page.getByTestId('code-cells').locator('input');
      expect(await cells.count()).toBe(6);
      const code = lastSmsCode(phone);
      expect(code).toMatch(/^\d{6}$/);

      // Typing: one digit per cell, focus moves on; letters are ignored; Backspace moves back.
      await cells.nth(0).focus();
      await page.keyboard.type('12a34');
      expect(await cells.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['1', '2', '3', '4', '', '']);
      await page.keyboard.press('Backspace');
      expect(await cells.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['1', '2', '3', '', '', '']);

      // A wrong sixth digit sends the check: the server's text in red. Requests leave in order, so
      // this one being the only call proves none went out with fewer than 6 digits.
      const wrong = code === '999999' ? '000000' : '999999';
      await pasteCode(page, wrong);
      await expect.poll(() => page.getByTestId('phone-error').textContent()).toBe(tx.badCode);
      expect(verifyCalls).toEqual([JSON.stringify({ code: wrong })]);

      // Back: the intro, digits and error cleared. Sending again within the minute is refused.
      await dialog.getByRole('button', { name: tx.back }).click();
      await page.getByTestId('phone-intro').waitFor();
      expect(await page.getByTestId('phone-error').count()).toBe(0);
      await dialog.getByRole('button', { name: tx.send }).click();
      await expect.poll(() => page.getByTestId('phone-error').textContent()).toBe(tx.smsLimit);

      await sql(`delete from rate_limits where key like 'sms:%'`);
      await dialog.getByRole('button', { name: tx.send }).click();
      await page.getByTestId('phone-code-step').waitFor();
      expect(await cells.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(['', '', '', '', '', '']);
      const fresh = lastSmsCode(phone);

      // The check fails without an answer: the fallback text.
      await page.route('**/api/user/verify-phone-code', (route) => route.abort());
      await pasteCode(page, fresh);
      await expect.poll(() => page.getByTestId('phone-error').textContent()).toBe(tx.badCode);
      await page.unroute('**/api/user/verify-phone-code');

      // Paste of the right code fills all six cells and confirms: the dialog closes.
      await cells.nth(0).focus();
      await pasteCode(page, fresh);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const [row] = await sql('select phone_confirmed_at from users where id = $1', [id]);
      expect(row.phone_confirmed_at).not.toBeNull();
      const reminder = await context.request.get('/api/user/phone-confirm-reminder');
      expect(await reminder.json()).toEqual({ canShow: false, reason: 'confirmed', nextShow: null });
    });

    it('phone dialog: Later closes it', async () => {
      context = await newContext(browser);
      const { id } = await registerIn(context);
      await context.request.patch('/api/user/profile', { data: { phone: `+7915${String(Date.now()).slice(-7)}` } });
      await sql('update users set email_confirmed_at = now() where id = $1', [id]);
      await due(id, 'phone');
      const page = await context.newPage();
      await page.goto(`${tx.prefix}/`);
      const dialog = page.getByTestId('phone-confirm-dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: tx.later }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    });
  });
}
