import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { timeline } from '@tracker/shared/api/contract/timeline';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { timelineRelations } from './timeline.service.ts';

export function timelineRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, timeline.relations, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const q = await input.query();
    ctx.body = { relations: await timelineRelations(deps.em(), viewer, { from: q.from, to: q.to, projectId: q.project }) };
  });

  return router;
}
