import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { HealthResponse } from '@tracker/shared/api/health';
import { RETRY_AFTER_SEC } from '../../http/db-unavailable.ts';

const DB_CHECK_TIMEOUT_MS = 2000;

export function healthRoutes(orm: MikroORM) {
  const router = new Router();
  router.get('/api/health', async (ctx) => {
    const check = orm.em.getConnection().execute('select 1');
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), DB_CHECK_TIMEOUT_MS).unref());
    const dbOk = await Promise.race([check, timeout]).then(
      () => true,
      () => false,
    );
    ctx.set('Cache-Control', 'no-store');
    if (dbOk) {
      ctx.body = { status: 'ok', db: 'ok' } satisfies HealthResponse;
      return;
    }
    // Still the one error shape, plus the health fields monitors read.
    const statusMessage = 'Database unavailable';
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SEC));
    ctx.body = { statusCode: 503, statusMessage, data: { code: 'service_unavailable', statusMessage }, status: 'degraded', db: 'down' };
  });
  return router;
}
