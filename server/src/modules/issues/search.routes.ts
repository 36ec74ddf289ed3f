import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { search } from '@tracker/shared/api/contract/issues';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { searchAll } from './search.service.ts';

export function searchRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, search.all, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { q, limit } = await input.query();
    ctx.body = await searchAll(deps.em(), viewer, q, limit);
  });

  return router;
}
