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
    const visible = visibleProjectsCondition(viewer, 'p');
    const where = `a.issue_id in (select w.issue_id from issue_watchers w where w.user_id = ?) and a.actor_id is distinct from ? and ${visible.sql}`;
    ctx.body = activity.watching.response.parse({ activity: await listActivity(deps.em(), where, [viewer.id, viewer.id, ...visible.params], { limit, newestFirst: true }) });
  });

  return router;
}
