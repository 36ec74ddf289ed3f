import Router from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { HealthResponse } from '@tracker/shared/api/health';

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
    ctx.status = 503;
    ctx.body = { statusCode: 503, statusMessage: 'Database unavailable', status: 'degraded', db: 'down' };
  });
  return router;
}
