import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { projects } from '@tracker/shared/api/contract/projects';
import { activityResponseSchema } from '@tracker/shared/api/issues';
import { projectRefSchema } from '@tracker/shared/api/projects';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import { listActivity } from '../activity/activity.ts';
import { requireProject, type Viewer } from './project-access.ts';
import { checklistFor, createProject, deleteProject, projectDetail, removeMember, setArchived, setMember, updateProject, visibleProjects } from './project.service.ts';

export function projectRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  const detail = (viewer: Viewer, projectId: number) => projectDetail(deps.em(), viewer, projectId);

  route(router, projects.list, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const { archived } = await input.query();
    ctx.body = { projects: await visibleProjects(deps.em(), viewer, archived) };
  });

  route(router, projects.create, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const id = await createProject(deps.em(), viewer, await input.body());
    ctx.status = 201;
    ctx.body = await detail(viewer, id);
  });

  route(router, projects.get, async (ctx) => {
    const viewer = requireUser(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(projectRefSchema, ctx.params.ref), 'project.view');
    ctx.body = await detail(viewer, project.id);
  });

  route(router, projects.update, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.edit');
    await updateProject(deps.em(), viewer, access, await input.body());
    ctx.body = await detail(viewer, access.project.id);
  });

  for (const [endpoint, archived] of [[projects.archive, true], [projects.unarchive, false]] as const) {
    route(router, endpoint, async (ctx) => {
      const viewer = requireUser(ctx);
      const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.archive');
      await setArchived(deps.em(), viewer, access, archived);
      ctx.body = await detail(viewer, access.project.id);
    });
  }

  route(router, projects.remove, async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.delete');
    await deleteProject(deps.em(), viewer, access);
    ctx.status = 204;
  });

  route(router, projects.setMember, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.members');
    const { role } = await input.body();
    ctx.body = { members: await setMember(deps.em(), viewer, access, parse(idSchema, ctx.params.userId), role) };
  });

  route(router, projects.removeMember, async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.members');
    ctx.body = { members: await removeMember(deps.em(), viewer, access, parse(idSchema, ctx.params.userId)) };
  });

  route(router, projects.checklist, async (ctx) => {
    const viewer = requireUser(ctx);
    ctx.body = await checklistFor(deps.em(), viewer, parse(idSchema, ctx.params.id));
  });

  route(router, projects.activity, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.view');
    const { limit } = await input.query();
    const activity = await listActivity(deps.em(), { projectId: project.id }, { limit, newestFirst: true });
    ctx.body = activityResponseSchema.parse({ activity });
  });

  return router;
}
