import type { EntityManager } from '@mikro-orm/postgresql';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSec: number;
}

/**
 * Fixed-window counter kept in PostgreSQL (shared by every server instance). One atomic upsert
 * per hit: a window that has ended starts again at 1.
 */
export async function hitRateLimit(em: EntityManager, key: string, max: number, windowSec: number): Promise<RateLimitResult> {
  const rows = await em.getConnection().execute<{ count: number; retry: number }[]>(
    `insert into rate_limits (key, window_start, count) values (?, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start <= now() - make_interval(secs => ?) then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= now() - make_interval(secs => ?) then now() else rate_limits.window_start end
     returning count, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry`,
    [key, windowSec, windowSec, windowSec],
  );
  const row = rows[0] ?? { count: 1, retry: windowSec };
  return { allowed: row.count <= max, count: row.count, retryAfterSec: Math.max(1, row.retry) };
}

/** Reads a counter without counting. */
export async function peekRateLimit(em: EntityManager, key: string, max: number, windowSec: number): Promise<RateLimitResult> {
  const rows = await em.getConnection().execute<{ count: number; retry: number }[]>(
    `select count, ceil(extract(epoch from (window_start + make_interval(secs => ?) - now())))::int as retry
       from rate_limits where key = ? and window_start > now() - make_interval(secs => ?)`,
    [windowSec, key, windowSec],
  );
  const row = rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSec: 0 };
  return { allowed: row.count < max, count: row.count, retryAfterSec: Math.max(1, row.retry) };
}

export async function resetRateLimit(em: EntityManager, key: string): Promise<void> {
  await em.getConnection().execute('delete from rate_limits where key = ?', [key]);
}
