// Sign-in throttling after OWASP's device-cookie scheme (issue 11, L3): no hard lock, growing
// delays keyed to account+IP (and, more loosely, to the account), and a signed device cookie that
// lets a browser the owner signed in with before be judged only by its own failures — so someone
// guessing elsewhere never locks the owner out of a known device. Each attempt is counted before
// the password is checked (and given back on success), in one statement per key, so parallel
// guesses cannot slip through the same free slot.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEVICE_COOKIE, LOGIN_THROTTLE } from '@tracker/shared/limits';
import type { Context } from 'koa';
import { userIdByEmail } from '../users/user-lookup.repository.ts';
import {
  clearFailures,
  countInWindow,
  type DelayPolicy,
  giveBackFailure,
  giveBackWindowAttempt,
  recentFailures,
  reserveDeviceFailure,
  reserveFailure,
  windowRetryAfter,
} from './login-throttle.repository.ts';

/** Seconds a key waits after its last failure, having `failures` of them. */
export const delayAfter = (failures: number, p: DelayPolicy) => (failures < p.free ? 0 : Math.min(p.maxDelaySec, p.baseDelaySec * 2 ** (failures - p.free)));

const forget = LOGIN_THROTTLE.forgetSec;
const keys = {
  accountIp: (email: string, ip: string) => `acct-ip:${email}:${ip}`,
  account: (email: string) => `acct:${email}`,
  device: (id: string) => `device:${id}`,
  ip: (ip: string) => `login-ip:${ip}`,
};

class Throttled extends Error {}

const waitOf = async (em: EntityManager, key: string, p: DelayPolicy): Promise<number> => {
  const row = await recentFailures(em, key, forget);
  return row ? Math.max(1, Math.ceil(delayAfter(row.failures, p) - row.since)) : 1;
};

export type Attempt =
  | { allowed: true; succeeded: () => Promise<void> }
  | { allowed: false; retryAfterSec: number };

/** The device cookie's id, if the request carries a validly signed one bound to `userId`. */
function deviceOf(ctx: Context, userId: number | null): string | null {
  if (userId === null) return null;
  const value = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
  const [owner, id] = value?.split('.') ?? [];
  return owner === String(userId) && id ? id : null;
}

/**
 * Decides whether a sign-in attempt for `email` may check its password now, and counts it: a device
 * cookie counts only when it is bound to that address's account. The caller reports success;
 * anything else stays a failure.
 */
export async function beginAttempt(ctx: Context, em: EntityManager, email: string): Promise<Attempt> {
  const device = deviceOf(ctx, await userIdByEmail(em, email));
  if (device) {
    // A known device: only its own failures count, up to a limit after which it is a stranger.
    if (await reserveDeviceFailure(em, keys.device(device), forget, LOGIN_THROTTLE.device.max)) return { allowed: true, succeeded: () => clearFailures(em, [keys.device(device)]) };
  }

  const ip = ctx.ip;
  const { accountIp, account, ipCeiling } = LOGIN_THROTTLE;
  const checks: [string, DelayPolicy][] = [
    [keys.accountIp(email, ip), accountIp],
    [keys.account(email), account],
  ];
  try {
    await em.transactional(async (tx) => {
      const t = tx as EntityManager;
      // The IP-wide ceiling is a plain fixed window: it refuses strangers from that IP, never an account.
      const count = await countInWindow(t, keys.ip(ip), ipCeiling.windowSec);
      if (count > ipCeiling.max) throw new Throttled();
      for (const [key, policy] of checks) if (!(await reserveFailure(t, key, forget, policy))) throw new Throttled();
    });
  } catch (err) {
    if (!(err instanceof Throttled)) throw err;
    const waits = await Promise.all(checks.map(([key, policy]) => waitOf(em, key, policy)));
    const ceiling = await windowRetryAfter(em, keys.ip(ip), ipCeiling.windowSec, ipCeiling.max);
    return { allowed: false, retryAfterSec: Math.max(1, ...waits, ceiling ?? 0) };
  }
  return {
    allowed: true,
    // The right password: this account+IP (and a device that had used up its allowance) starts
    // afresh, and the attempt is given back elsewhere.
    succeeded: async () => {
      await clearFailures(em, [keys.accountIp(email, ip), device ? keys.device(device) : '']);
      await giveBackFailure(em, keys.account(email));
      await giveBackWindowAttempt(em, keys.ip(ip));
    },
  };
}

/** After a successful sign-in: this browser becomes (or stays) a known device of the account. */
export function rememberDevice(ctx: Context, userId: number) {
  const current = deviceOf(ctx, userId);
  const id = current ?? randomBytes(16).toString('base64url');
  ctx.cookies.set(DEVICE_COOKIE, `${userId}.${id}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: LOGIN_THROTTLE.device.cookieMaxAgeSec * 1000,
    overwrite: true,
  });
}
