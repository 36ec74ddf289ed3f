import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { views } from '@tracker/shared/api/contract/issues';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { createView, editView, listViews, removeView } from './view.service.ts';

export function viewRoutes(deps: { em: () => EntityManager }) {
  // Paths and bodies from the shared declarations (contract/issues.ts).
  const router = new Router();

  router.get(views.list.path, async (ctx) => {
    ctx.body = { views: await listViews(deps.em(), requireUser(ctx)) };
  });

  router.post(views.create.path, async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parse(views.create.body, ctx.request.body);
    const view = await createView(deps.em(), viewer, input);
    ctx.status = 201;
    ctx.body = { view };
  });

  router.patch(views.update.path, async (ctx) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const patch = parse(views.update.body, ctx.request.body);
    ctx.body = { view: await editView(deps.em(), viewer, id, patch) };
  });

  router.delete(views.remove.path, async (ctx) => {
    const viewer = requireUser(ctx);
    await removeView(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
