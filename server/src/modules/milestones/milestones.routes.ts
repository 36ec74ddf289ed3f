import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { milestones } from '@tracker/shared/api/contract/milestones';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { createMilestone, deleteMilestone, getMilestone, listMilestones, updateMilestone } from './milestone.service.ts';

export function milestoneRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, milestones.list, async (ctx) => {
    ctx.body = { milestones: await listMilestones(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  route(router, milestones.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const milestone = await createMilestone(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body());
    ctx.status = 201;
    ctx.body = { milestone };
  });

  route(router, milestones.get, async (ctx) => {
    ctx.body = { milestone: await getMilestone(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  route(router, milestones.update, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    ctx.body = { milestone: await updateMilestone(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body()) };
  });

  route(router, milestones.remove, async (ctx) => {
    await deleteMilestone(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
