// Adding a job is one SQL call to graphile-worker's add_job, so it can share the caller's
// transaction: the job exists (and its NOTIFY wakes a worker) only if the change that made it commits.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface EnqueueOptions {
  /** A job still waiting with the same key is replaced instead of added again (deduplication). */
  jobKey?: string;
  /** Attempts before the job is left failed (default 8; the first run counts). */
  maxAttempts?: number;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Jobs of one named queue run one at a time, oldest first (graphile-worker's queue_name). */
  queueName?: string;
  /** With `jobKey`: a waiting job keeps its run time (`preserve_run_at`) instead of taking this one. */
  keepRunAt?: boolean;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/** Anything with node-postgres' `query` (a pg Pool or Client): for tests and scripts outside the app. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

const args = (kind: string, payload: Record<string, unknown>, options: EnqueueOptions) => [
  kind,
  JSON.stringify(payload),
  options.runAt?.toISOString() ?? null,
  options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  options.jobKey ?? null,
  options.queueName ?? null,
  options.keepRunAt ? 'preserve_run_at' : 'replace',
];

const addJobSql = (p: (n: number) => string) =>
  `select id from graphile_worker.add_job(${p(1)}, ${p(2)}::json, run_at => ${p(3)}::timestamptz, max_attempts => ${p(4)}::int, job_key => ${p(5)}::text, queue_name => ${p(6)}::text, job_key_mode => ${p(7)}::text)`;
const ormSql = addJobSql(() => '?');
const pgSql = addJobSql((n) => `$${n}`);

/** Adds a job in `em`'s transaction (if it is in one); returns graphile-worker's job id. */
export async function enqueueIn(em: EntityManager, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(ormSql, args(kind, payload, options));
  return String(row!.id);
}

/** Adds a job through a plain pg connection or pool (e.g. a test driving two server processes). */
export async function enqueue(db: Queryable, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  const { rows } = await db.query(pgSql, args(kind, payload, options));
  return String(rows[0]!.id);
}
