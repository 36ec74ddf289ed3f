import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { searchQuerySchema } from '@tracker/shared/api/issues';
import { viewerKey, type ReadCache } from '../../db/read-cache.ts';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { searchAll } from './search.repository.ts';

export function searchRoutes(deps: { em: () => EntityManager; cache: ReadCache }) {
  const router = new Router({ prefix: '/api/search' });

  router.get('/', async (ctx) => {
    const viewer = requireViewer(ctx);
    // Keyed by the raw query: only a query that parsed is ever stored, so a hit needs no parsing.
    await deps.cache.json(ctx, `search:${viewerKey(viewer)}:${ctx.querystring}`, () => {
      const { q, limit } = parse(searchQuerySchema, ctx.query);
      return searchAll(deps.em(), viewer, q, limit);
    });
  });

  return router;
}
