// What the health check finds: whether the database answers (within two seconds), whether the job
// worker runs, and whether the queue is stalled: its worker down, or a due job waiting, longer than
// `stallSec`. A `web` check (the web server's own) leaves the queue out of it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { HealthResponse } from '@tracker/shared/api/health';
import type { JobQueueState } from '../jobs/index.ts';
import { oldestDueJobWait } from './health.repository.ts';

const DB_CHECK_TIMEOUT_MS = 2000;

export async function checkHealth(
  em: EntityManager,
  jobs: { state(): JobQueueState },
  stallSec: number,
  scope: 'all' | 'web',
): Promise<{ fields: HealthResponse; stalled: boolean }> {
  const check = oldestDueJobWait(em);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS).unref());
  const waited = await Promise.race([check, timeout]).then(
    (sec) => sec,
    () => null,
  );
  const { running, downSince } = jobs.state();
  const fields: HealthResponse = {
    status: 'ok',
    db: waited === null ? 'down' : 'ok',
    jobs: running ? 'ok' : 'down',
    jobsWaitSec: waited === null ? null : Math.round(waited),
  };
  const downSec = downSince === null ? 0 : (Date.now() - downSince) / 1000;
  const stalled = scope === 'all' && (downSec > stallSec || (waited ?? 0) > stallSec);
  return { fields, stalled };
}
