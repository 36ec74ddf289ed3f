import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { activity } from '@tracker/shared/api/contract/issues';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { visibleProjectsCondition } from '../projects/project-access.ts';
import { listActivity } from '../activity/activity.ts';

/**
 * Recent activity on the issues I watch (My work), newest first: what others did, only in projects
 * I can still see — watching an issue never outlives access to its project.
 */
export function watchingRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  route(router, activity.watching, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { limit } = await input.query();
    ctx.body = activity.watching.response.parse({ activity: await listActivity(deps.em(), { watchedBy: viewer.id, visible: visibleProjectsCondition(viewer, 'p') }, { limit, newestFirst: true }) });
  });

  return router;
}
