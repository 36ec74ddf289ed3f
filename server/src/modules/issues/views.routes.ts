import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { createSavedViewSchema, updateSavedViewSchema } from '@tracker/shared/api/issues';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { createView, editView, listViews, removeView } from './view.service.ts';

export function viewRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/views' });

  router.get('/', async (ctx) => {
    ctx.body = { views: await listViews(deps.em(), requireUser(ctx)) };
  });

  router.post('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parse(createSavedViewSchema, ctx.request.body);
    const view = await createView(deps.em(), viewer, input);
    ctx.status = 201;
    ctx.body = { view };
  });

  router.patch('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const patch = parse(updateSavedViewSchema, ctx.request.body);
    ctx.body = { view: await editView(deps.em(), viewer, id, patch) };
  });

  router.delete('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    await removeView(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  return router;
}
