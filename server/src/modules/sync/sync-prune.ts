// The change log is kept for a month: a client away longer bootstraps again (409 sync_expired).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/index.ts';
import { pruneLog } from './sync.repository.ts';

export const SYNC_LOG_DAYS = 30;
export const SYNC_PRUNE_JOB = 'sync.prune';

export function registerSyncPrune(jobs: JobQueue, orm: MikroORM) {
  jobs.register({ [SYNC_PRUNE_JOB]: async () => void (await pruneLog(orm.em.fork(), SYNC_LOG_DAYS)) }, [
    { identifier: SYNC_PRUNE_JOB, task: SYNC_PRUNE_JOB, match: '17 3 * * *', backfillMs: 24 * 60 * 60 * 1000, maxAttempts: 3 },
  ]);
}
