import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { redirectQuerySchema } from '@tracker/shared/api/navigation';
import { parse } from '../../http/validate.ts';
import type { NavigationService } from './navigation.service.ts';

export function navigationRoutes(deps: { navigation: NavigationService; em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/navigation' });
  router.get('/redirect', async (ctx) => {
    const { path } = parse(redirectQuerySchema, ctx.query);
    ctx.body = await deps.navigation.resolve(deps.em(), path);
  });
  return router;
}
