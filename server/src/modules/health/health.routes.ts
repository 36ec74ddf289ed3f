import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { system } from '@tracker/shared/api/contract/system';
import { RETRY_AFTER_SEC } from '../../http/db-unavailable.ts';
import { route } from '../../http/route.ts';
import type { JobQueueState } from '../jobs/index.ts';
import { checkHealth } from './health.service.ts';

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
    const { fields, stalled } = await checkHealth(orm.em, jobs, stallSec, scope);
    ctx.set('Cache-Control', 'no-store');
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
