import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { workflow } from '@tracker/shared/api/contract/projects';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { requireProject } from './project-access.ts';
import * as service from './workflow.service.ts';

/** Statuses and labels of a project's workflow. */
export function workflowRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  /** A status or label by id: 404 when its project is invisible, 403 without the capability. */
  async function accessVia(ctx: Context, table: 'statuses' | 'labels', capability: 'project.workflow' | 'project.labels') {
    const viewer = requireUser(ctx);
    const id = parse(idSchema, ctx.params.id);
    const projectId = await service.ownerProjectOf(deps.em(), table, id);
    return { viewer, id, access: await requireProject(deps.em(), viewer, projectId, capability) };
  }

  route(router, workflow.createStatus, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.workflow');
    const status = await service.createStatus(deps.em(), viewer, access, await input.body());
    ctx.status = 201;
    ctx.body = { status };
  });

  route(router, workflow.reorderStatuses, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.workflow');
    ctx.body = { statuses: await service.reorderStatuses(deps.em(), viewer, access, (await input.body()).ids) };
  });

  route(router, workflow.updateStatus, async (ctx, input) => {
    const { viewer, id, access } = await accessVia(ctx, 'statuses', 'project.workflow');
    ctx.body = { status: await service.updateStatus(deps.em(), viewer, access, id, await input.body()) };
  });

  route(router, workflow.deleteStatus, async (ctx, input) => {
    const { viewer, id, access } = await accessVia(ctx, 'statuses', 'project.workflow');
    const { moveTo } = await input.query();
    await service.deleteStatus(deps.em(), viewer, access, id, moveTo);
    ctx.status = 204;
  });

  route(router, workflow.createLabel, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.labels');
    const label = await service.createLabel(deps.em(), viewer, access, await input.body());
    ctx.status = 201;
    ctx.body = { label };
  });

  route(router, workflow.updateLabel, async (ctx, input) => {
    const { viewer, id, access } = await accessVia(ctx, 'labels', 'project.labels');
    ctx.body = { label: await service.updateLabel(deps.em(), viewer, access, id, await input.body()) };
  });

  route(router, workflow.deleteLabel, async (ctx) => {
    const { viewer, id, access } = await accessVia(ctx, 'labels', 'project.labels');
    await service.deleteLabel(deps.em(), viewer, access, id);
    ctx.status = 204;
  });

  return router;
}
