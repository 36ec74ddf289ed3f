// Issue 11, L3: sign-in throttling after OWASP's device-cookie scheme — growing delays instead of a
// lock, keyed to account+IP; a known device is judged only by its own failures; the per-IP limit
// is a ceiling that cannot lock anyone out of a known device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, LOGIN_THROTTLE } from '@tracker/shared/limits';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const PASSWORD = 'owner-secret-1';
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });
const login = (client: TestClient, email: string, password: string, ip: string, extra: Record<string, string> = {}) =>
  client.post('/api/auth/login', { email, password }, from(ip, extra));

/** An account whose owner signed in on `owner` (a known device) and then signed out. */
async function ownerWithDevice(): Promise<{ email: string; owner: TestClient }> {
  await t.sql(`delete from rate_limits where key like 'register:%'`);
  const email = uniqueEmail('owner');
  const owner = t.client();
  expect((await owner.post('/api/auth/register', { email, password: PASSWORD, name: 'Owner' }, from(freshIp()))).status).toBe(201);
  expect((await owner.post('/api/auth/logout')).status).toBe(204);
  expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);
  return { email, owner };
}
/** Lets the current delay of every throttling key of `email` run out (no waiting in tests). */
const delayOver = (email: string) =>
  t.sql(`update login_failures set last_failure_at = last_failure_at - interval '1 hour' where key like ?`, [`%:${email}%`]);

describe('sign-in throttling', () => {
  it('sets an HttpOnly, SameSite=Lax, long-lived, signed device cookie at sign-in', async () => {
    const { email } = await ownerWithDevice();
    const res = await login(t.client(), email, PASSWORD, freshIp());
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000);
    expect(res.headers.getSetCookie().some((h) => h.startsWith(`${DEVICE_COOKIE}.sig=`))).toBe(true);
  });

  it('gives an attacker growing delays (429, Retry-After, a clear message), never a lock of the owner on a known device', async () => {
    const { email, owner } = await ownerWithDevice();
    // The attacker has a device cookie too — for their own account, so it counts for nothing here.
    const attacker = t.client();
    await attacker.post('/api/auth/register', { email: uniqueEmail('attacker'), password: 'attacker-1', name: 'X' }, from(freshIp()));
    const ip = freshIp();
    const { free, baseDelaySec } = LOGIN_THROTTLE.accountIp;
    for (let i = 0; i < free; i++) expect((await login(attacker, email, `guess-${i}`, ip)).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login(attacker, email, `guess-x${round}`, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.data.code).toBe('login_throttled');
      waits.push(Number(refused.headers.get('retry-after')));
      await delayOver(email);
      expect((await login(attacker, email, `guess-y${round}`, ip)).status).toBe(401);
    }
    expect(waits).toEqual([baseDelaySec, baseDelaySec * 2, baseDelaySec * 4]);
    const ru = await login(attacker, email, 'guess-z', ip);
    expect(ru.body.statusMessage).toMatch(/^Слишком много неудачных попыток входа.*Повторите через \d+ секунд/);
    const en = await login(attacker, email, 'guess-z', ip, { 'accept-language': 'en' });
    expect(en.body.statusMessage).toMatch(/^Too many failed sign-in attempts.*Try again in \d+ seconds/);
    // Even the right password waits on the throttled client: it is not checked.
    expect((await login(attacker, email, PASSWORD, ip)).status).toBe(429);

    // The owner's known device signs in, from the attacker's IP (shared NAT) or any other.
    expect((await login(owner, email, PASSWORD, ip)).status).toBe(200);
    expect((await owner.post('/api/auth/logout')).status).toBe(204);
    expect((await login(owner, email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('behind one NAT, failures on account A do not hold up account B', async () => {
    const a = await ownerWithDevice();
    const b = await ownerWithDevice();
    const ip = freshIp();
    const stranger = t.client();
    for (let i = 0; i < LOGIN_THROTTLE.accountIp.free; i++) expect((await login(stranger, a.email, `wrong-${i}`, ip)).status).toBe(401);
    expect((await login(stranger, a.email, 'wrong', ip)).status).toBe(429);
    // Many more failures from that IP, on other accounts (once enough to lock every account of the IP).
    for (let n = 0; n < 11; n++) {
      const other = uniqueEmail('nat');
      for (let i = 0; i < LOGIN_THROTTLE.accountIp.free; i++) expect((await login(stranger, other, `wrong-${i}`, ip)).status).toBe(401);
    }
    // B, from the same IP on a browser never used before: a wrong password is just wrong, the right one works.
    expect((await login(t.client(), b.email, 'wrong', ip)).status).toBe(401);
    expect((await login(t.client(), b.email, PASSWORD, ip)).status).toBe(200);
  });

  it('slows guessing spread over many IPs per account, but not the owner on a known device', async () => {
    const { email, owner } = await ownerWithDevice();
    const { free } = LOGIN_THROTTLE.account;
    const perIp = LOGIN_THROTTLE.accountIp.free - 1;
    let ip = freshIp();
    for (let i = 0; i < free; i++) {
      if (i % perIp === 0) ip = freshIp();
      expect((await login(t.client(), email, `spray-${i}`, ip)).status).toBe(401);
    }
    const refused = await login(t.client(), email, 'spray', freshIp());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(owner, email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('keeps a per-IP ceiling for strangers only: a known device still signs in from that IP', async () => {
    const { email, owner } = await ownerWithDevice();
    const ip = freshIp();
    await t.sql(`insert into rate_limits (key, window_start, count) values (?, now(), ?)`, [`login-ip:${ip}`, LOGIN_THROTTLE.ipCeiling.max]);
    const stranger = await login(t.client(), uniqueEmail('someone'), 'whatever-1', ip);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(owner, email, PASSWORD, ip)).status).toBe(200);
  });

  it('judges a known device by its own failures: past its limit it is a stranger again', async () => {
    const { email, owner } = await ownerWithDevice();
    const ip = freshIp();
    // More than the account+IP allowance, all answered 401: the device's own allowance applies.
    for (let i = 0; i < LOGIN_THROTTLE.device.max; i++) expect((await login(owner, email, `typo-${i}`, ip)).status).toBe(401);
    for (let i = 0; i < LOGIN_THROTTLE.accountIp.free; i++) expect((await login(owner, email, `typo-again-${i}`, ip)).status).toBe(401);
    expect((await login(owner, email, PASSWORD, ip)).status).toBe(429);
    // A device cookie that was tampered with is no device at all.
    const forged = t.client();
    for (const [k, v] of owner.cookies) if (k.startsWith(DEVICE_COOKIE)) forged.cookies.set(k, v);
    forged.cookies.set(DEVICE_COOKIE, `${forged.cookies.get(DEVICE_COOKIE)!.split('.')[0]}.forged`);
    expect((await login(forged, email, PASSWORD, ip)).status).toBe(429);
    await delayOver(email);
    expect((await login(owner, email, PASSWORD, ip)).status).toBe(200);
    // Signed in: the device is known again, with its allowance back.
    const deviceId = owner.cookies.get(DEVICE_COOKIE)!.split('.')[1];
    expect(await t.sql('select failures from login_failures where key = ?', [`device:${deviceId}`])).toEqual([]);
    for (let i = 0; i < LOGIN_THROTTLE.accountIp.free + 1; i++) expect((await login(owner, email, `typo-later-${i}`, ip)).status).toBe(401);
  });

  it('leaves nothing behind for successful sign-ins', async () => {
    const { email, owner } = await ownerWithDevice();
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(t.client(), email, PASSWORD, ip)).status).toBe(200);
    expect((await login(owner, email, PASSWORD, ip)).status).toBe(200);
    const rows = await t.sql<{ key: string; failures: number }>(`select key, failures from login_failures where key like ? and failures > 0`, [`%${email}%`]);
    expect(rows).toEqual([]);
    expect(await t.sql(`select count from rate_limits where key = ? and count > 0`, [`login-ip:${ip}`])).toEqual([]);
  });
});
