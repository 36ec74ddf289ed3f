import type { MikroORM } from '@mikro-orm/postgresql';
import { OLDEST_DUE_JOB_SQL } from '../jobs/job-locks.queries.ts';

/** How long the oldest due job has waited (seconds); answering at all is also the database's ping. */
export async function oldestDueJobWait(orm: MikroORM): Promise<number> {
  const [row] = await orm.em.getConnection().execute<{ waited: number | string }[]>(OLDEST_DUE_JOB_SQL);
  return Number(row?.waited ?? 0);
}
