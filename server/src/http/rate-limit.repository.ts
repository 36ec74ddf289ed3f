// The fixed-window counters of rate-limit.ts in the rate_limits table: typed statements (db/kysely.ts)
// on the pool, so a hit counts even when the caller's transaction rolls back.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kyselyOnPool } from '../db/kysely.ts';

const windowAgo = (windowSec: number) => sql<string>`now() - make_interval(secs => ${windowSec})`;
/** Whole seconds until the counter's window ends. */
const secondsLeft = (windowSec: number) => sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${windowSec}) - now())))::int`;

/** Counts one hit on `key` in one atomic upsert: a window that has ended starts again at 1. */
export function countHit(em: EntityManager, key: string, windowSec: number) {
  return kyselyOnPool(em)
    .insertInto('rate_limits')
    .values({ key, window_start: sql<string>`now()`, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${windowAgo(windowSec)} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${windowAgo(windowSec)} then now() else rate_limits.window_start end`,
      }),
    )
    .returning(['count', secondsLeft(windowSec).as('retry')])
    .executeTakeFirst();
}

/** The counter of `key` in its current window, if it has one. */
export function readCounter(em: EntityManager, key: string, windowSec: number) {
  return kyselyOnPool(em)
    .selectFrom('rate_limits')
    .select(['count', secondsLeft(windowSec).as('retry')])
    .where('key', '=', key)
    .where('window_start', '>', windowAgo(windowSec))
    .executeTakeFirst();
}

export async function deleteCounter(em: EntityManager, key: string): Promise<void> {
  await kyselyOnPool(em).deleteFrom('rate_limits').where('key', '=', key).execute();
}
