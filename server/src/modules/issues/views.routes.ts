import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { views } from '@tracker/shared/api/contract/issues';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { createView, editView, listViews, removeView } from './view.service.ts';

export function viewRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, views.list, async (ctx) => {
    ctx.body = { views: await listViews(deps.em(), requireUser(ctx)) };
  });

  route(router, views.create, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const view = await createView(deps.em(), viewer, await input.body());
    ctx.status = 201;
    ctx.body = { view };
  });

  route(router, views.update, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const patch = await input.body();
    ctx.body = { view: await editView(deps.em(), viewer, id, patch) };
  });

  route(router, views.remove, async (ctx) => {
    const viewer = requireUser(ctx);
    await removeView(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
