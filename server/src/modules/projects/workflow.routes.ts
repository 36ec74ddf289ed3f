import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { workflow } from '@tracker/shared/api/contract/projects';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { requireProject } from './project-access.ts';
import { listLabels, listStatuses } from './project-reads.repository.ts';
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
    const id = await service.createStatus(deps.em(), viewer, access, await input.body());
    ctx.status = 201;
    ctx.body = { status: (await listStatuses(deps.em(), access.project.id)).find((s) => s.id === id) };
  });

  route(router, workflow.reorderStatuses, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.workflow');
    await service.reorderStatuses(deps.em(), viewer, access, (await input.body()).ids);
    ctx.body = { statuses: await listStatuses(deps.em(), access.project.id) };
  });

  route(router, workflow.updateStatus, async (ctx, input) => {
    const { viewer, id, access } = await accessVia(ctx, 'statuses', 'project.workflow');
    await service.updateStatus(deps.em(), viewer, access, id, await input.body());
    ctx.body = { status: (await listStatuses(deps.em(), access.project.id)).find((s) => s.id === id) };
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
    const id = await service.createLabel(deps.em(), viewer, access, await input.body());
    ctx.status = 201;
    ctx.body = { label: (await listLabels(deps.em(), access.project.id)).find((l) => l.id === id) };
  });

  route(router, workflow.updateLabel, async (ctx, input) => {
    const { viewer, id, access } = await accessVia(ctx, 'labels', 'project.labels');
    await service.updateLabel(deps.em(), viewer, access, id, await input.body());
    ctx.body = { label: (await listLabels(deps.em(), access.project.id)).find((l) => l.id === id) };
  });

  route(router, workflow.deleteLabel, async (ctx) => {
    const { viewer, id, access } = await accessVia(ctx, 'labels', 'project.labels');
    await service.deleteLabel(deps.em(), viewer, access, id);
    ctx.status = 204;
  });

  return router;
}
