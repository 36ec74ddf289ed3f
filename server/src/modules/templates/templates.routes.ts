import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { templates } from '@tracker/shared/api/contract/templates';
import { notFound } from '@tracker/shared/domain-errors';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { requireProject } from '../projects/project-access.ts';
import { issueKeys, selectTemplate, selectTemplates } from './template-reads.repository.ts';
import { applyTemplate, createTemplate, deleteTemplate, updateTemplate } from './template.service.ts';

export function templateRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  const body = async (id: number) => {
    const template = await selectTemplate(deps.em(), id);
    if (!template) throw notFound('template');
    return { template };
  };

  route(router, templates.list, async (ctx) => {
    const viewer = requireViewer(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.view');
    ctx.body = { templates: await selectTemplates(deps.em(), project.id) };
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
    const { id, subIssueIds } = await applyTemplate(deps.em(), viewer, parse(idSchema, ctx.params.id), await input.body());
    const keyOf = await issueKeys(deps.em(), [id, ...subIssueIds]);
    ctx.status = 201;
    ctx.body = { issue: { id, key: keyOf.get(id)! }, subIssues: subIssueIds.map((s) => ({ id: s, key: keyOf.get(s)! })) };
  });

  return router;
}
