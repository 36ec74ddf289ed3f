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

interface DelayPolicy {
  free: number;
  baseDelaySec: number;
  maxDelaySec: number;
}

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

/** Counts one attempt on `key` if its delay is over; false (nothing counted) while it must wait. */
async function reserve(em: EntityManager, key: string, p: DelayPolicy): Promise<boolean> {
  const rows = await em.execute<{ failures: number }[]>(
    `insert into login_failures as f (key, failures, last_failure_at) values (?, 1, now())
     on conflict (key) do update set
       failures = case when f.last_failure_at <= now() - make_interval(secs => ?) then 1 else f.failures + 1 end,
       last_failure_at = now()
     where f.last_failure_at <= now() - make_interval(secs => ?) or f.failures < ?
        or f.last_failure_at + make_interval(secs => least(?, ? * power(2, f.failures - ?))) <= now()
     returning failures`,
    [key, forget, forget, p.free, p.maxDelaySec, p.baseDelaySec, p.free],
  );
  return rows.length > 0;
}

async function waitOf(em: EntityManager, key: string, p: DelayPolicy): Promise<number> {
  const [row] = await em.execute<{ failures: number; since: number }[]>(
    `select failures, extract(epoch from now() - last_failure_at)::float8 as since from login_failures
      where key = ? and last_failure_at > now() - make_interval(secs => ?)`,
    [key, forget],
  );
  return row ? Math.max(1, Math.ceil(delayAfter(row.failures, p) - row.since)) : 1;
}

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
 * Decides whether a sign-in attempt for `email` (whose account is `userId`, if any) may check its
 * password now, and counts it. The caller reports success; anything else stays a failure.
 */
export async function beginAttempt(ctx: Context, em: EntityManager, email: string, userId: number | null): Promise<Attempt> {
  const device = deviceOf(ctx, userId);
  if (device) {
    // A known device: only its own failures count, up to a limit after which it is a stranger.
    const rows = await em.execute<{ failures: number }[]>(
      `insert into login_failures as f (key, failures, last_failure_at) values (?, 1, now())
       on conflict (key) do update set
         failures = case when f.last_failure_at <= now() - make_interval(secs => ?) then 1 else f.failures + 1 end,
         last_failure_at = now()
       where f.failures < ? or f.last_failure_at <= now() - make_interval(secs => ?)
       returning failures`,
      [keys.device(device), forget, LOGIN_THROTTLE.device.max, forget],
    );
    if (rows.length > 0) return { allowed: true, succeeded: () => em.execute('delete from login_failures where key = ?', [keys.device(device)]).then(() => {}) };
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
      const [row] = await t.execute<{ count: number }[]>(
        `insert into rate_limits (key, window_start, count) values (?, now(), 1)
         on conflict (key) do update set
           count = case when rate_limits.window_start <= now() - make_interval(secs => ?) then 1 else rate_limits.count + 1 end,
           window_start = case when rate_limits.window_start <= now() - make_interval(secs => ?) then now() else rate_limits.window_start end
         returning count`,
        [keys.ip(ip), ipCeiling.windowSec, ipCeiling.windowSec],
      );
      if (row!.count > ipCeiling.max) throw new Throttled();
      for (const [key, policy] of checks) if (!(await reserve(t, key, policy))) throw new Throttled();
    });
  } catch (err) {
    if (!(err instanceof Throttled)) throw err;
    const waits = await Promise.all(checks.map(([key, policy]) => waitOf(em, key, policy)));
    const [ceiling] = await em.execute<{ retry: number }[]>(
      `select ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry from rate_limits where key = ? and count >= ?`,
      [ipCeiling.windowSec, keys.ip(ip), ipCeiling.max],
    );
    return { allowed: false, retryAfterSec: Math.max(1, ...waits, ceiling?.retry ?? 0) };
  }
  return {
    allowed: true,
    // The right password: this account+IP (and a device that had used up its allowance) starts
    // afresh, and the attempt is given back elsewhere.
    succeeded: async () => {
      await em.execute('delete from login_failures where key in (?, ?)', [keys.accountIp(email, ip), device ? keys.device(device) : '']);
      await em.execute('update login_failures set failures = greatest(failures - 1, 0) where key = ?', [keys.account(email)]);
      await em.execute('update rate_limits set count = greatest(count - 1, 0) where key = ?', [keys.ip(ip)]);
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
