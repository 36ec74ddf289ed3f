import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { templates } from '@tracker/shared/api/contract/templates';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { applyTemplate, createTemplate, deleteTemplate, projectTemplates, savedTemplate, updateTemplate } from './template.service.ts';

export function templateRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  const body = async (id: number) => ({ template: await savedTemplate(deps.em(), id) });

  route(router, templates.list, async (ctx) => {
    const viewer = requireViewer(ctx);
    ctx.body = { templates: await projectTemplates(deps.em(), viewer, parse(idSchema, ctx.params.id)) };
  });

  route(router, templates.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const projectId = parse(idSchema, ctx.params.id);
    const id = await createTemplate(deps.em(), viewer, projectId, await input.body());
    ctx.status = 201;
    ctx.body = await body(id);
  });

  route(router, templates.update, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    await updateTemplate(deps.em(), viewer, id, await input.body());
    ctx.body = await body(id);
  });

  route(router, templates.remove, async (ctx) => {
    const viewer = requireViewer(ctx);
    await deleteTemplate(deps.em(), viewer, parse(idSchema, ctx.params.id));
    ctx.status = 204;
  });

  route(router, templates.apply, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const applied = await applyTemplate(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body());
    ctx.status = 201;
    ctx.body = applied;
  });

  return router;
}
