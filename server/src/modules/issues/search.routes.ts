import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchQuerySchema } from '@tracker/shared/api/issues';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { searchAll } from './search.repository.ts';

export function searchRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/search' });

  router.get('/', async (ctx) => {
    const viewer = requireViewer(ctx);
    const { q, limit } = parse(searchQuerySchema, ctx.query);
    ctx.body = await searchAll(deps.em(), viewer, q, limit);
  });

  return router;
}
