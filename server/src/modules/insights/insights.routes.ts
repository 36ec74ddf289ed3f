import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { insights } from '@tracker/shared/api/contract/insights';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { insight, insightMetric } from './insights.service.ts';

export function insightsRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, insights.metric, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const metric = insightMetric(ctx.params.metric);
    ctx.body = await insight(deps.em(), viewer, metric, await input.query());
  });

  return router;
}
