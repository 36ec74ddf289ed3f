import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { search } from '@tracker/shared/api/contract/issues';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { searchAll } from './search.repository.ts';

export function searchRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  router.get(search.all.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const { q, limit } = parse(search.all.query, ctx.query);
    ctx.body = await searchAll(deps.em(), viewer, q, limit);
  });

  return router;
}
