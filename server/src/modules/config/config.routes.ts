import Router from '@koa/router';
import type { PublicConfig } from '@tracker/shared/api/config';

export function configRoutes(publicConfig: PublicConfig) {
  const router = new Router();
  router.get('/api/config', (ctx) => {
    ctx.body = publicConfig;
  });
  return router;
}
