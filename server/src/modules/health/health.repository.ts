// The health check's one read, which is also the database's ping: a typed statement (db/kysely.ts)
// of the job queue's own SQL (jobs/job-locks.repository.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { OLDEST_DUE_JOB_SQL } from '../jobs/job-locks.repository.ts';

/** How long the oldest due job has waited (seconds); answering at all is also the database's ping. */
export async function oldestDueJobWait(em: EntityManager): Promise<number> {
  const { rows } = await sql<{ waited: number | string }>`${sql.raw(OLDEST_DUE_JOB_SQL)}`.execute(kysely(em));
  return Number(rows[0]?.waited ?? 0);
}
