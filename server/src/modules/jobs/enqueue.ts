// Adding a job is one SQL call to graphile-worker's add_job, so it can share the caller's
// transaction: the job exists (and its NOTIFY wakes a worker) only if the change that made it commits.
import type { EntityManager } from '@mikro-orm/postgresql';
import { addJobIn, addJobThrough, type NewJob } from './enqueue.repository.ts';

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

const newJob = (kind: string, payload: Record<string, unknown>, options: EnqueueOptions): NewJob => ({
  kind,
  payload,
  runAt: options.runAt?.toISOString() ?? null,
  maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  jobKey: options.jobKey ?? null,
  queueName: options.queueName ?? null,
  jobKeyMode: options.keepRunAt ? 'preserve_run_at' : 'replace',
});

/** Adds a job in `em`'s transaction (if it is in one); returns graphile-worker's job id. */
export function enqueueIn(em: EntityManager, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  return addJobIn(em, newJob(kind, payload, options));
}

/** Adds a job through a plain pg connection or pool (e.g. a test driving two server processes). */
export function enqueue(db: Queryable, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<string> {
  return addJobThrough(db, newJob(kind, payload, options));
}
