// The sign-in throttle's counters (login_failures, and the IP ceiling in rate_limits): typed
// statements (db/kysely.ts). Each counting upsert is one statement, so parallel guesses cannot slip
// through the same free slot.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Expression, type ExpressionBuilder, type OnConflictDatabase, type OnConflictTables, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.ts';
import { kysely } from '../../db/kysely.ts';

/** The growing-delay policy of one key (free failures, then base × 2^n, capped). */
export interface DelayPolicy {
  free: number;
  baseDelaySec: number;
  maxDelaySec: number;
}

const now = () => sql<string>`now()`;
const secondsAgo = (secs: number) => sql<string>`now() - make_interval(secs => ${secs})`;

type FailureRow = ExpressionBuilder<OnConflictDatabase<DB, 'login_failures'>, OnConflictTables<'login_failures'>>;

/**
 * Counts one failure on `key` (failures older than `forgetSec` start afresh) when `allowed` says so
 * of its row; false, nothing counted, when it does not. One statement, so parallel guesses cannot
 * slip through the same free slot.
 */
async function countFailure(em: EntityManager, key: string, forgetSec: number, allowed: (eb: FailureRow) => Expression<SqlBool>): Promise<boolean> {
  const row = await kysely(em)
    .insertInto('login_failures')
    .values({ key, failures: 1, last_failure_at: now() })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          failures: eb.case().when('login_failures.last_failure_at', '<=', secondsAgo(forgetSec)).then(eb.lit(1)).else(eb('login_failures.failures', '+', eb.lit(1))).end(),
          last_failure_at: now(),
        }))
        .where(allowed),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts one failure on `key` if its delay is over; false, nothing counted, while it must wait. */
export const reserveFailure = (em: EntityManager, key: string, forgetSec: number, p: DelayPolicy): Promise<boolean> =>
  countFailure(em, key, forgetSec, (eb) =>
    eb.or([
      eb('login_failures.last_failure_at', '<=', secondsAgo(forgetSec)),
      eb('login_failures.failures', '<', p.free),
      eb(sql`login_failures.last_failure_at + make_interval(secs => least(${p.maxDelaySec}, ${p.baseDelaySec} * power(2, login_failures.failures - ${p.free})))`, '<=', now()),
    ]),
  );

/** Counts one failure of a known device while it has fewer than `max` (recent) ones; false once used up. */
export const reserveDeviceFailure = (em: EntityManager, key: string, forgetSec: number, max: number): Promise<boolean> =>
  countFailure(em, key, forgetSec, (eb) => eb.or([eb('login_failures.failures', '<', max), eb('login_failures.last_failure_at', '<=', secondsAgo(forgetSec))]));

/** A key's recent failures (within `forgetSec`) and the seconds since the last one, if any. */
export function recentFailures(em: EntityManager, key: string, forgetSec: number): Promise<{ failures: number; since: number } | undefined> {
  return kysely(em)
    .selectFrom('login_failures')
    .select(['failures', sql<number>`extract(epoch from now() - last_failure_at)::float8`.as('since')])
    .where('key', '=', key)
    .where('last_failure_at', '>', secondsAgo(forgetSec))
    .executeTakeFirst();
}

/** Counts one attempt in the fixed window of `key` (a new window once `windowSec` passed); the count so far. */
export async function countInWindow(em: EntityManager, key: string, windowSec: number): Promise<number> {
  const expired = sql<boolean>`rate_limits.window_start <= now() - make_interval(secs => ${windowSec})`;
  const row = await kysely(em)
    .insertInto('rate_limits')
    .values({ key, window_start: now(), count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb.case().when(expired).then(eb.lit(1)).else(eb('rate_limits.count', '+', eb.lit(1))).end(),
        window_start: eb.case().when(expired).then(now()).else(eb.ref('rate_limits.window_start')).end(),
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Whole seconds until the window of `key` ends, if it has reached `max` attempts. */
export async function windowRetryAfter(em: EntityManager, key: string, windowSec: number, max: number): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('rate_limits')
    .select(sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${windowSec}) - now())))::int`.as('retry'))
    .where('key', '=', key)
    .where('count', '>=', max)
    .executeTakeFirst();
  return row?.retry;
}

/** Forgets the failures of these keys (a sign-in succeeded). */
export async function clearFailures(em: EntityManager, keys: string[]): Promise<void> {
  await kysely(em).deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Gives one counted attempt of `key` back (never below zero). */
export async function giveBackFailure(em: EntityManager, key: string): Promise<void> {
  await kysely(em)
    .updateTable('login_failures')
    .set((eb) => ({ failures: eb.fn('greatest', [eb('failures', '-', eb.lit(1)), eb.lit(0)]) }))
    .where('key', '=', key)
    .execute();
}

/** Gives one attempt back to the fixed window of `key` (never below zero). */
export async function giveBackWindowAttempt(em: EntityManager, key: string): Promise<void> {
  await kysely(em)
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb.fn('greatest', [eb('count', '-', eb.lit(1)), eb.lit(0)]) }))
    .where('key', '=', key)
    .execute();
}
