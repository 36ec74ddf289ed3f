import Router from '@koa/router';
import type { PublicConfig } from '@tracker/shared/api/config';
import { system } from '@tracker/shared/api/contract/system';
import { route } from '../../http/route.ts';

export function configRoutes(publicConfig: PublicConfig) {
  const router = new Router();
  route(router, system.config, (ctx) => {
    ctx.body = publicConfig;
  });
  return router;
}
