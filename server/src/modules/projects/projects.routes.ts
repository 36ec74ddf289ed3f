import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { activityResponseSchema } from '@tracker/shared/api/issues';
import {
  createProjectSchema,
  projectRefSchema,
  projectActivityQuerySchema,
  projectsQuerySchema,
  setMemberSchema,
  updateProjectSchema,
} from '@tracker/shared/api/projects';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { listActivity } from '../activity/activity.ts';
import { requireProject, type Viewer } from './project-access.ts';
import { listMembers, listProjects, projectChecklist, projectDetail } from './project.queries.ts';
import { createProject, deleteProject, removeMember, setArchived, setMember, updateProject } from './project.service.ts';


export function projectRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/projects' });

  const detail = (viewer: Viewer, projectId: number) => projectDetail(deps.em(), viewer, projectId);

  router.get('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const { archived } = parse(projectsQuerySchema, ctx.query);
    ctx.body = { projects: await listProjects(deps.em(), viewer, archived) };
  });

  router.post('/', async (ctx) => {
    const viewer = requireUser(ctx);
    const input = parse(createProjectSchema, ctx.request.body);
    const id = await createProject(deps.em(), viewer, input);
    ctx.status = 201;
    ctx.body = await detail(viewer, id);
  });

  router.get('/:ref', async (ctx) => {
    const viewer = requireUser(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(projectRefSchema, ctx.params.ref), 'project.view');
    ctx.body = await detail(viewer, project.id);
  });

  router.patch('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.edit');
    await updateProject(deps.em(), viewer, access, parse(updateProjectSchema, ctx.request.body));
    ctx.body = await detail(viewer, access.project.id);
  });

  for (const [action, archived] of [['archive', true], ['unarchive', false]] as const) {
    router.post(`/:id/${action}`, async (ctx) => {
      const viewer = requireUser(ctx);
      const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.archive');
      await setArchived(deps.em(), viewer, access, archived);
      ctx.body = await detail(viewer, access.project.id);
    });
  }

  router.delete('/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.delete');
    await deleteProject(deps.em(), viewer, access);
    ctx.status = 204;
  });

  router.put('/:id/members/:userId', async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.members');
    const { role } = parse(setMemberSchema, ctx.request.body);
    await setMember(deps.em(), viewer, access, parse(idSchema, ctx.params.userId), role);
    ctx.body = { members: await listMembers(deps.em(), access.project.id) };
  });

  router.delete('/:id/members/:userId', async (ctx) => {
    const viewer = requireUser(ctx);
    const access = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.members');
    await removeMember(deps.em(), viewer, access, parse(idSchema, ctx.params.userId));
    ctx.body = { members: await listMembers(deps.em(), access.project.id) };
  });

  router.get('/:id/checklist', async (ctx) => {
    const viewer = requireUser(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.view');
    ctx.body = await projectChecklist(deps.em(), viewer.id, project.id);
  });

  router.get('/:id/activity', async (ctx) => {
    const viewer = requireUser(ctx);
    const { project } = await requireProject(deps.em(), viewer, parse(idSchema, ctx.params.id), 'project.view');
    const { limit } = parse(projectActivityQuerySchema, ctx.query);
    const activity = await listActivity(deps.em(), 'a.project_id = ?', [project.id], { limit, newestFirst: true });
    ctx.body = activityResponseSchema.parse({ activity });
  });

  return router;
}
