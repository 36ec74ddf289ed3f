import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/fixtures.ts';
import { startFakeSmsRu } from '../../test/fake-smsru.ts';

let t: TestServer;
let sms: Awaited<ReturnType<typeof startFakeSmsRu>>;
beforeAll(async () => {
  sms = await startFakeSmsRu('test-key');
  t = await createTestServer({ SMS_PROVIDER: 'smsru', SMS_API_KEY: 'test-key', SMS_API_URL: sms.url });
});
afterAll(async () => {
  await t.close();
  await sms.close();
});

let phoneCounter = 0;
async function userWithPhone(): Promise<TestUser & { phone: string }> {
  const user = await createUser(t);
  phoneCounter += 1;
  const digits = String(1000000 + phoneCounter * 7919).slice(-7);
  // Russian habits: a leading 8, spaces, brackets and dashes; stored as E.164.
  const res = await user.client.request('PATCH', '/api/user/profile', { json: { phone: `8 (912) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` } });
  expect(res.status).toBe(200);
  expect(res.body.user.phone).toBe(`+7912${digits}`);
  expect(res.body.user.phone_confirmed_at).toBeNull();
  return { ...user, phone: res.body.user.phone };
}
const clearSmsLimits = () => t.sql(`delete from rate_limits where key like 'sms:%'`);

describe('phone confirmation by SMS code', () => {
  beforeEach(clearSmsLimits);

  it('sends a 6-digit code through SMS.ru and confirms the phone with it', async () => {
    const u = await userWithPhone();
    const reminder = await u.client.get('/api/user/phone-confirm-reminder');
    expect(reminder.body).toMatchObject({ canShow: false, reason: 'too_soon', nextShow: expect.any(String) });
    await t.sql(`update reminders set next_show_at = now() where user_id = ? and kind = 'phone'`, [u.id]);
    expect((await u.client.get('/api/user/phone-confirm-reminder')).body).toMatchObject({ canShow: true, reason: 'due' });

    expect((await u.client.post('/api/user/send-phone-confirm-code')).status).toBe(204);
    const call = sms.calls.at(-1)!;
    expect(call).toMatchObject({ api_id: 'test-key', to: u.phone.slice(1), json: '1' });
    expect(call.msg).toMatch(/^Трекер: код подтверждения \d{6}\./);
    // Only a keyed hash is stored.
    const [row] = await t.sql<{ code_hash: string }>('select code_hash from phone_codes where user_id = ?', [u.id]);
    expect(row!.code_hash).not.toContain(sms.lastCode(u.phone));

    const ok = await u.client.post('/api/user/verify-phone-code', { code: sms.lastCode(u.phone) });
    expect(ok.status).toBe(200);
    expect(ok.body.user.phone_confirmed_at).toEqual(expect.any(String));
    expect((await u.client.get('/api/user/phone-confirm-reminder')).body).toEqual({ canShow: false, reason: 'confirmed', nextShow: null });
    expect((await u.client.post('/api/user/verify-phone-code', { code: sms.lastCode(u.phone) })).status).toBe(400);
  });

  it('burns the code after 5 wrong attempts: even the right code then fails', async () => {
    const u = await userWithPhone();
    await u.client.post('/api/user/send-phone-confirm-code');
    const right = sms.lastCode(u.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await u.client.post('/api/user/verify-phone-code', { code: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusMessage: 'Неверный или устаревший код', data: { code: 'invalid_code' } });
    }
    expect(await t.sql('select 1 from phone_codes where user_id = ?', [u.id])).toEqual([]);
    expect((await u.client.post('/api/user/verify-phone-code', { code: right })).status).toBe(400);

    // A new code works again.
    await clearSmsLimits();
    await u.client.post('/api/user/send-phone-confirm-code');
    expect((await u.client.post('/api/user/verify-phone-code', { code: sms.lastCode(u.phone) })).status).toBe(200);
  });

  it('rejects an expired code, and codes that are not exactly 6 digits', async () => {
    const u = await userWithPhone();
    await u.client.post('/api/user/send-phone-confirm-code');
    await t.sql(`update phone_codes set expires_at = now() - interval '1 second' where user_id = ?`, [u.id]);
    const expired = await u.client.post('/api/user/verify-phone-code', { code: sms.lastCode(u.phone) }, { 'accept-language': 'en' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ statusMessage: 'Invalid or expired code', data: { code: 'invalid_code' } });

    for (const code of ['12345', '1234567', 'abcdef', '12 456', '', 123456, null]) {
      const res = await u.client.post('/api/user/verify-phone-code', { code });
      expect(res.status, JSON.stringify(code)).toBe(400);
      expect(res.body.data.code).toBe('validation');
    }
    expect((await u.client.post('/api/user/verify-phone-code')).status).toBe(400);
  });

  it('sends at most 1 code a minute and 5 an hour, per user and per phone', async () => {
    const u = await userWithPhone();
    expect((await u.client.post('/api/user/send-phone-confirm-code')).status).toBe(204);
    const soon = await u.client.post('/api/user/send-phone-confirm-code');
    expect(soon.status).toBe(429);
    expect(soon.body.statusMessage).toBe('SMS можно запрашивать не чаще раза в минуту и не больше 5 раз в час. Попробуйте позже.');

    // Another account with the same number is held by the per-phone limit.
    const other = await createUser(t);
    await t.sql('update users set phone = ? where id = ?', [u.phone, other.id]);
    expect((await other.client.post('/api/user/send-phone-confirm-code')).status).toBe(429);

    const nextMinute = () => t.sql(`update rate_limits set window_start = now() - interval '61 seconds' where key like 'sms:%:min:%'`);
    for (let i = 2; i <= 5; i++) {
      await nextMinute();
      expect((await u.client.post('/api/user/send-phone-confirm-code')).status).toBe(204);
    }
    await nextMinute();
    expect((await u.client.post('/api/user/send-phone-confirm-code')).status).toBe(429);
  });

  it('reports a provider failure as 502 with the SMS error text, and keeps no code', async () => {
    const u = await userWithPhone();
    sms.answerNext((call) => ({ status: 200, body: JSON.stringify({ status: 'OK', status_code: 100, sms: { [call.to]: { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер телефона получателя' } } }) }));
    const res = await u.client.post('/api/user/send-phone-confirm-code');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ statusMessage: 'Ошибка отправки SMS', data: { code: 'sms_failed' } });
    expect(await t.sql('select 1 from phone_codes where user_id = ?', [u.id])).toEqual([]);
  });

  it('skips the reminder without a phone, and refuses a bad number', async () => {
    const u = await createUser(t);
    expect((await u.client.get('/api/user/phone-confirm-reminder')).body).toEqual({ canShow: false, reason: 'no_phone', nextShow: null });
    expect((await t.client().get('/api/user/phone-confirm-reminder')).body).toEqual({ canShow: false, reason: 'no_user', nextShow: null });
    expect((await t.client().get('/api/user/email-confirm-reminder')).body).toEqual({ canShow: false });
    expect((await u.client.post('/api/user/send-phone-confirm-code')).status).toBe(400);
    const bad = await u.client.request('PATCH', '/api/user/profile', { json: { phone: '12-ab' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['phone'], message: 'validation.phone' });
  });
});
