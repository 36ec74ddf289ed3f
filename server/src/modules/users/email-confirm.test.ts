import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';
import { linkIn, startSmtpServer } from '../../test/smtp.ts';
import { freePort } from '../../db/embedded.ts';
import { holdPort } from '../../test/held-port.ts';
import { createJobQueue } from '../jobs/index.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createLogger } from '../../logger.ts';

let t: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tracker.example.org', MAIL_FROM: 'Tracker <robot@tracker.example.org>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function register(client: TestClient, email: string, locale: 'ru' | 'en' = 'ru') {
  await t.sql(`delete from rate_limits where key like 'register:%'`);
  const res = await client.post('/api/auth/register', { email, password: 'correct horse', name: 'Мария', locale });
  expect(res.status).toBe(201);
  return res.body.user as { id: number };
}
const makeDue = (userId: number, kind = 'email') => t.sql(`update reminders set next_show_at = now() - interval '1 second' where user_id = ? and kind = ?`, [userId, kind]);

describe('e-mail confirmation', () => {
  it('register → the mail arrives over SMTP → its link confirms → the reminder stops', async () => {
    const c = t.client();
    const email = uniqueEmail('confirm');
    const user = await register(c, email);

    const mail = await smtp.waitFor(email);
    expect(mail.raw).toMatch(/^From: Tracker <robot@tracker\.example\.org>/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.decoded).toContain('Трекер: подтвердите e-mail');
    expect(mail.decoded).toContain('Здравствуйте, Мария!');
    const link = linkIn(mail, '/user/confirm-email');
    expect(link.origin).toBe('https://tracker.example.org');

    // Unconfirmed: the reminder waits after registration, then shows once and backs off.
    expect((await c.get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: false });
    await makeDue(user.id);
    expect((await c.get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: true });
    expect((await c.get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: false });
    const [row] = await t.sql<{ shown_count: number; gap: number }>(
      `select shown_count, extract(epoch from next_show_at - last_shown_at)::int as gap from reminders where user_id = ? and kind = 'email'`,
      [user.id],
    );
    expect(row).toEqual({ shown_count: 1, gap: 24 * 3600 });

    // The page calls this with the link's token (any browser, signed in or not).
    const confirmed = await t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email });
    expect((await c.get('/api/user/me')).body.user.email_confirmed_at).toEqual(expect.any(String));
    await makeDue(user.id);
    expect((await c.get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: false });

    const again = await t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') });
    expect(again.status).toBe(400);
    expect(again.body.data.code).toBe('token_used');
    expect(again.body.statusMessage).toBe('Ссылка уже использована');
  });

  it('writes English mail with an /en link for an English-speaking user; expired and unknown tokens are refused', async () => {
    const c = t.client();
    const email = uniqueEmail('en');
    const user = await register(c, email, 'en');
    const mail = await smtp.waitFor(email);
    expect(mail.decoded).toContain('Tracker: confirm your e-mail');
    expect(mail.decoded).toContain('Hello, Мария!');
    const link = linkIn(mail, '/en/user/confirm-email');

    await t.sql(`update user_tokens set expires_at = now() - interval '1 second' where user_id = ?`, [user.id]);
    const expired = await t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') }, { 'accept-language': 'en' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ statusMessage: 'The link has expired', data: { code: 'token_expired' } });

    const unknown = await t.client().post('/api/user/confirm-email', { token: 'not-a-token' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.code).toBe('token_invalid');
    expect((await t.client().post('/api/user/confirm-email', {})).status).toBe(400);
  });

  it('resend: 1 a minute and 5 a day per user, 429 with a clear message beyond that', async () => {
    const c = t.client();
    const email = uniqueEmail('resend');
    const user = await register(c, email);
    await smtp.waitFor(email);

    expect((await c.post('/api/user/resend-confirm-email')).status).toBe(204);
    const tooSoon = await c.post('/api/user/resend-confirm-email');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.statusMessage).toBe('Письмо можно отправлять не чаще раза в минуту и не больше 5 раз в день. Попробуйте позже.');
    expect(tooSoon.headers.get('retry-after')).toMatch(/^\d+$/);
    await smtp.waitFor(email, 2);

    const nextMinute = () => t.sql(`update rate_limits set window_start = now() - interval '61 seconds' where key = ?`, [`resend-confirm:min:${user.id}`]);
    for (let i = 2; i <= 5; i++) {
      await nextMinute();
      expect((await c.post('/api/user/resend-confirm-email')).status).toBe(204);
    }
    await nextMinute();
    const daily = await c.post('/api/user/resend-confirm-email');
    expect(daily.status).toBe(429);
    await smtp.waitFor(email, 6);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(6);

    // Every resent link works (an earlier one is not revoked by a later one).
    const first = linkIn(await smtp.waitFor(email, 2), '/user/confirm-email');
    expect((await t.client().post('/api/user/confirm-email', { token: first.searchParams.get('token') })).status).toBe(200);
    expect((await c.post('/api/user/resend-confirm-email')).status).toBe(409);
    expect((await t.client().post('/api/user/resend-confirm-email')).status).toBe(401);
  });

  it('an e-mail change waits for its confirmation, keeping the old address; an e-mail of another account is refused', async () => {
    const c = t.client();
    const oldEmail = uniqueEmail('change');
    const user = await register(c, oldEmail);
    await t.sql(`update users set email_confirmed_at = now() where id = ?`, [user.id]);
    const newEmail = uniqueEmail('changed');
    const res = await c.request('PATCH', '/api/user/profile', { json: { email: newEmail.toUpperCase(), name: ' Мария К. ' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: oldEmail, pending_email: newEmail, email_confirmed_at: expect.any(String), name: 'Мария К.' });
    // Resending mails the pending address.
    expect((await c.post('/api/user/resend-confirm-email')).status).toBe(204);
    await smtp.waitFor(newEmail, 2);
    const link = linkIn(await smtp.waitFor(newEmail), '/user/confirm-email');
    expect((await t.client().post('/api/user/confirm-email', { token: link.searchParams.get('token') })).body).toEqual({ email: newEmail });
    expect((await c.get('/api/user/me')).body.user).toMatchObject({ email: newEmail, pending_email: null, email_confirmed_at: expect.any(String) });
    expect((await c.post('/api/user/resend-confirm-email')).status).toBe(409);

    const other = uniqueEmail('other');
    await register(t.client(), other);
    const taken = await c.request('PATCH', '/api/user/profile', { json: { email: other } });
    expect(taken.status).toBe(409);
    expect(taken.body.data.code).toBe('email_taken');
  });
});

describe('the mail queue', () => {
  it('never holds up the request when SMTP is down, retries, and delivers after a restart', async () => {
    const port = await freePort();
    const refusing = await holdPort(port);
    const down = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail('queued');
      const started = Date.now();
      await down.sql(`delete from rate_limits where key like 'register:%'`);
      const res = await down.client().post('/api/auth/register', { email, password: 'correct horse', name: 'Q' });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5000);

      // The worker tried, failed, and scheduled a retry (back-off: e¹ ≈ 2.7 s); the job is still there.
      const failedOnce = () => down.sql<{ id: string; attempts: number; last_error: string | null; wait: number }>(
        `select id, attempts, last_error, extract(epoch from run_at - updated_at) as wait from graphile_worker.jobs where task_identifier = 'mail.send'`,
      );
      const job = (await waitUntil('the first failed attempt', async () => (await failedOnce()).find((j) => j.last_error)))!;
      // "Restart": this worker stops; a new one (like a new process) finds the job once SMTP is up.
      await down.app.services.jobs.stop();
      expect(job).toMatchObject({ attempts: 1, last_error: expect.any(String) });
      expect(Number(job.wait)).toBeGreaterThan(2);
      await refusing.release();
      const smtp2 = await startSmtpServer(port);
      try {
        await down.sql(`select graphile_worker.reschedule_jobs(array[?::bigint], run_at => now())`, [job.id]);
        const { createMailer } = await import('../mail/mailer.ts');
        const { createMailService } = await import('../mail/mail.service.ts');
        const logger = createLogger('silent');
        const queue = createJobQueue({ databaseUrl: down.databaseUrl, logger });
        createMailService({ queue, mailer: createMailer({ smtpUrl: smtp2.url, from: 'a@b.c', dataDir: down.config.DATA_DIR, logger }), publicUrl: 'http://x' });
        expect(await queue.runDue()).toBe(1);
        expect((await smtp2.waitFor(email)).decoded).toContain('/user/confirm-email?token=');
        expect(await failedOnce()).toEqual([]);
      } finally {
        await smtp2.close();
      }
    } finally {
      await refusing.release();
      await down.close();
    }
  });
});
