import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { sla } from '@tracker/shared/api/contract/sla';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { checkSlaEditor, projectSla, putProjectSla } from './settings.service.ts';

export function slaRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, sla.get, async (ctx) => {
    const viewer = requireViewer(ctx);
    ctx.body = { sla: await projectSla(deps.em(), viewer, parse(idSchema, ctx.params.id)) };
  });

  route(router, sla.put, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const projectId = parse(idSchema, ctx.params.id);
    // Who may is checked before the body is read: a non-member or a member learns nothing from a 400.
    await checkSlaEditor(deps.em(), viewer, projectId);
    ctx.body = { sla: await putProjectSla(deps.em(), viewer, projectId, await input.body()) };
  });

  return router;
}
