import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { issues } from '@tracker/shared/api/contract/issues';
import { issueRefSchema } from '@tracker/shared/api/issues';
import type { Context } from 'koa';
import type { ResponseCache } from '../../http/response-cache.ts';
import { requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { listActivity } from '../activity/activity.ts';
import { requireIssue } from './issue-access.ts';
import { cursorCodec } from './issue-cursor.ts';
import { issueReads } from './issue-reads.ts';
import { bulkUpdate, moveIssue } from './issue-move.ts';
import { editConflict, ifMatchVersion } from './issue-version.ts';
import { createIssue, deleteIssue, updateIssue, updateIssueLastWriterWins } from './issue.service.ts';

export function issueRoutes(deps: { em: () => EntityManager; cache: ResponseCache; secret: string }) {
  const router = new Router();
  const reads = issueReads({ em: deps.em, cache: deps.cache, cursors: cursorCodec(deps.secret) });
  const respond = (ctx: Context, viewer: Viewer, ref: number | string) => reads.page(ctx, viewer, ref);

  route(router, issues.list, (ctx) => reads.list(ctx, requireViewer(ctx)));
  route(router, issues.counts, (ctx) => reads.counts(ctx, requireViewer(ctx)));

  route(router, issues.create, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const id = await createIssue(deps.em(), viewer, await input.body());
    await respond(ctx, viewer, id);
    ctx.status = 201;
  });

  route(router, issues.bulk, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const ids = await bulkUpdate(deps.em(), viewer, await input.body());
    ctx.body = { updated: ids };
  });

  route(router, issues.get, (ctx) => reads.page(ctx, requireViewer(ctx), parse(issueRefSchema, ctx.params.ref)));
  route(router, issues.page, (ctx) => reads.pageWithThread(ctx, requireViewer(ctx), parse(issueRefSchema, ctx.params.ref)));

  route(router, issues.update, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const ref = parse(issueRefSchema, ctx.params.ref);
    const { baseVersion: bodyVersion, editedAt, ...patch } = await input.body();
    if (editedAt !== undefined) {
      // A clock ahead of the server's cannot make an edit newer than now.
      const at = new Date(Math.min(Date.parse(editedAt), Date.now()));
      const { id, overridden } = await updateIssueLastWriterWins(deps.em(), viewer, ref, patch, at);
      if (overridden.length) ctx.set('Overridden-Fields', overridden.join(', '));
      return respond(ctx, viewer, id);
    }
    const baseVersion = ifMatchVersion(ctx) ?? bodyVersion;
    const check = baseVersion === undefined ? undefined : { baseVersion, onConflict: editConflict(ctx, viewer) };
    await respond(ctx, viewer, await updateIssue(deps.em(), viewer, ref, patch, check));
  });

  route(router, issues.remove, async (ctx) => {
    const viewer = requireViewer(ctx);
    await deleteIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref));
    ctx.status = 204;
  });

  route(router, issues.move, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    await moveIssue(deps.em(), viewer, id, await input.body());
    await respond(ctx, viewer, id);
  });

  route(router, issues.activity, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { issue } = await requireIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.ref), 'project.view');
    const { limit } = await input.query();
    ctx.body = issues.activity.response.parse({ activity: await listActivity(deps.em(), { issueId: issue.id }, { limit, newestFirst: false }) });
  });

  return router;
}
