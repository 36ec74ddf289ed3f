import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { system } from '@tracker/shared/api/contract/system';
import type { HealthResponse } from '@tracker/shared/api/health';
import { RETRY_AFTER_SEC } from '../../http/db-unavailable.ts';
import { route } from '../../http/route.ts';
import type { JobQueueState } from '../jobs/index.ts';
import { oldestDueJobWait } from './health.repository.ts';

const DB_CHECK_TIMEOUT_MS = 2000;

export interface HealthDeps {
  orm: MikroORM;
  jobs: { state(): JobQueueState };
  /** The queue counts as stalled once its worker has been down, or a due job has waited, this long. */
  stallSec: number;
}

export function healthRoutes({ orm, jobs, stallSec }: HealthDeps) {
  const router = new Router();
  route(router, system.health, async (ctx, input) => {
    const { scope = 'all' } = await input.query();
    const check = oldestDueJobWait(orm.em);
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
    ctx.set('Cache-Control', 'no-store');
    const downSec = downSince === null ? 0 : (Date.now() - downSince) / 1000;
    const stalled = scope === 'all' && (downSec > stallSec || (waited ?? 0) > stallSec);
    if (fields.db === 'ok' && !stalled) {
      ctx.body = fields;
      return;
    }
    // Still the one error shape, plus the health fields monitors read.
    const statusMessage = fields.db === 'down' ? 'Database unavailable' : 'Job queue stalled';
    ctx.status = 503;
    // Clients retrying a request wait out a database outage; a stalled queue is for monitors.
    if (fields.db === 'down') ctx.set('Retry-After', String(RETRY_AFTER_SEC));
    ctx.body = { statusCode: 503, statusMessage, data: { code: 'service_unavailable', statusMessage }, ...fields, status: 'degraded' };
  });
  return router;
}
