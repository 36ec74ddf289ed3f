import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { cycles } from '@tracker/shared/api/contract/cycles';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { createCycle, cycleDetail, deleteCycle, listCycles, setCadence, updateCycle } from './cycle.service.ts';

export function cycleRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, cycles.list, async (ctx) => {
    ctx.body = await listCycles(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id));
  });

  route(router, cycles.settings, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    ctx.body = await setCadence(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body());
  });

  route(router, cycles.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const cycle = await createCycle(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body());
    ctx.status = 201;
    ctx.body = { cycle };
  });

  route(router, cycles.get, async (ctx) => {
    ctx.body = { cycle: await cycleDetail(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id)) };
  });

  route(router, cycles.update, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    ctx.body = { cycle: await updateCycle(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body()) };
  });

  route(router, cycles.remove, async (ctx) => {
    await deleteCycle(deps.em(), requireViewer(ctx), parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
