import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { issues } from '@tracker/shared/api/contract/issues';
import { issueRefSchema } from '@tracker/shared/api/issues';
import type { Context } from 'koa';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { requireIssue } from './issue-access.ts';
import { loadIssueDetail } from './issue-detail.ts';
import { addRelation, removeRelation, setWatching } from './issue-link.service.ts';

/** Relations between issues and watching. */
export function issueLinkRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  async function respond(ctx: Context, viewer: Viewer, issueId: number) {
    const access = await requireIssue(deps.em(), viewer, issueId, 'project.view');
    ctx.body = { issue: await loadIssueDetail(deps.em(), viewer, access, issueId) };
  }

  route(router, issues.addRelation, async (ctx, input) => {
    const viewer = requireUser(ctx);
    const relation = await input.body();
    const issueId = await addRelation(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref), relation);
    ctx.status = 201;
    await respond(ctx, viewer, issueId);
  });

  route(router, issues.removeRelation, async (ctx) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const issueId = await removeRelation(deps.em(), viewer, ref, parse(idSchema, ctx.params.relationId));
    await respond(ctx, viewer, issueId);
  });

  for (const [endpoint, watching] of [[issues.watch, true], [issues.unwatch, false]] as const) {
    route(router, endpoint, async (ctx) => {
      const viewer = requireUser(ctx);
      const issueId = await setWatching(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref), watching);
      await respond(ctx, viewer, issueId);
    });
  }

  return router;
}
