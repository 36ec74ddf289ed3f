// Onboarding: a new user's demo project, made on the first call and the same one on every later call.
// Its own module because it uses both projects and issues, which must not import each other.
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { projects } from '@tracker/shared/api/contract/projects';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { projectDetail } from '../projects/project.service.ts';
import { openDemoProject } from './demo-project.ts';

export function onboardingRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();
  route(router, projects.demo, async (ctx) => {
    const viewer = requireUser(ctx);
    const { projectId, created } = await openDemoProject(deps.em(), viewer);
    ctx.status = created ? 201 : 200;
    ctx.body = { ...(await projectDetail(deps.em(), viewer, projectId)), created };
  });
  return router;
}
