import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { navigation } from '@tracker/shared/api/contract/session';
import { route } from '../../http/route.ts';
import type { NavigationService } from './navigation.service.ts';

export function navigationRoutes(deps: { navigation: NavigationService; em: () => EntityManager }) {
  const router = new Router();
  route(router, navigation.redirect, async (ctx, input) => {
    const { path } = await input.query();
    ctx.body = await deps.navigation.resolve(deps.em(), path);
  });
  return router;
}
