// The SQL of job locks and their holders (lock-holders.ts) and of the queue's health.
// graphile-worker 0.18 writes the id of the worker pool that took a job into `locked_by` (of the job,
// and of its named queue); `force_unlock_workers` is its own way to free what given pools hold.
import type { Queryable } from './enqueue.ts';

/**
 * The advisory-lock namespace (first key) of "this worker pool is alive"; the second key is
 * `hashtext(pool id)`. A collision only makes a dead pool look alive (its jobs wait for the 4-hour
 * expiry), never the other way round.
 */
export const LIVE_POOL_LOCK = 726_113_025;

export const lockPool = async (db: Queryable, poolId: string) =>
  (await db.query('select pg_try_advisory_lock($1, hashtext($2)) as locked', [LIVE_POOL_LOCK, poolId])).rows[0]?.locked === true;

export const unlockPool = (db: Queryable, poolId: string) => db.query('select pg_advisory_unlock($1, hashtext($2))', [LIVE_POOL_LOCK, poolId]);

/** Pools that hold a job or a queue but not their liveness lock (in any session of this database). */
export async function holdersWithoutLock(db: Queryable): Promise<string[]> {
  const { rows } = await db.query(
    `select holder from (
       select locked_by as holder from graphile_worker._private_jobs where locked_by is not null
       union
       select locked_by from graphile_worker._private_job_queues where locked_by is not null
     ) h
     where not exists (
       select 1 from pg_locks l
       where l.locktype = 'advisory' and l.granted and l.objsubid = 2
         and l.database = (select oid from pg_database where datname = current_database())
         and l.classid = $1::int::oid and l.objid = hashtext(h.holder)::oid
     )`,
    [LIVE_POOL_LOCK],
  );
  return rows.map((r) => String(r.holder));
}

/** Frees every job and queue the given pools hold (attempts already counted); returns how many jobs. */
export async function forceUnlockPools(db: Queryable, poolIds: readonly string[]): Promise<number> {
  const { rows } = await db.query(
    `with held as (select count(*)::int as jobs from graphile_worker._private_jobs where locked_by = any($1::text[]))
     select held.jobs, graphile_worker.force_unlock_workers($1::text[]) from held`,
    [poolIds],
  );
  return Number(rows[0]?.jobs ?? 0);
}

/**
 * How long (seconds) the oldest job that is due and free to take has waited; 0 when none waits.
 * A job locked by a running worker, waiting for its `runAt`, or failed for good does not wait.
 */
export const OLDEST_DUE_JOB_SQL = `select coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as waited
  from graphile_worker._private_jobs where is_available and run_at <= now()`;
