// graphile-worker's add_job: in the caller's transaction (through its EntityManager), or through a
// plain pg connection (tests and scripts outside the app). One statement text serves both, bound
// and prepared either way; its values come in the order of `jobValues`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import type { Queryable } from './enqueue.ts';

/** A job as add_job takes it. */
export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAt: string | null;
  maxAttempts: number;
  jobKey: string | null;
  queueName: string | null;
  jobKeyMode: 'replace' | 'preserve_run_at';
}

const ADD_JOB =
  'select id from graphile_worker.add_job($1, $2::json, run_at => $3::timestamptz, max_attempts => $4::int, job_key => $5::text, queue_name => $6::text, job_key_mode => $7::text)';

const jobValues = (job: NewJob) => [job.kind, JSON.stringify(job.payload), job.runAt, job.maxAttempts, job.jobKey, job.queueName, job.jobKeyMode];

/** Adds the job in `em`'s transaction (if it is in one); graphile-worker's job id. */
export async function addJobIn(em: EntityManager, job: NewJob): Promise<string> {
  const { rows } = await kysely(em).executeQuery<{ id: string }>(CompiledQuery.raw(ADD_JOB, jobValues(job)));
  return String(rows[0]!.id);
}

/** Adds the job through a pg connection or pool; graphile-worker's job id. */
export async function addJobThrough(db: Queryable, job: NewJob): Promise<string> {
  const { rows } = await db.query(ADD_JOB, jobValues(job));
  return String(rows[0]!.id);
}
