import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import {
  activityResponseSchema,
  bulkUpdateSchema,
  createIssueSchema,
  issueRefSchema,
  moveIssueSchema,
  updateIssueSchema,
} from '@tracker/shared/api/issues';
import type { Context } from 'koa';
import { z } from 'zod';
import type { ResponseCache } from '../../http/response-cache.ts';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { Viewer } from '../projects/project-access.ts';
import { listActivity } from '../activity/activity.ts';
import { requireIssue } from './issue-access.ts';
import { cursorCodec } from './issue-cursor.ts';
import { issueReads } from './issue-reads.ts';
import { bulkUpdate, moveIssue } from './issue-move.ts';
import { editConflict, ifMatchVersion } from './issue-version.ts';
import { createIssue, deleteIssue, updateIssue, updateIssueLastWriterWins } from './issue.service.ts';

const activityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(500) });

export function issueRoutes(deps: { em: () => EntityManager; cache: ResponseCache; secret: string }) {
  const router = new Router({ prefix: '/api/issues' });
  const reads = issueReads({ em: deps.em, cache: deps.cache, cursors: cursorCodec(deps.secret) });
  const respond = (ctx: Context, viewer: Viewer, ref: number | string) => reads.page(ctx, viewer, ref);

  router.get('/', (ctx) => reads.list(ctx, requireViewer(ctx)));

  router.post('/', async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = await createIssue(deps.em(), viewer, parse(createIssueSchema, ctx.request.body));
    await respond(ctx, viewer, id);
    ctx.status = 201;
  });

  router.post('/bulk', async (ctx) => {
    const viewer = requireViewer(ctx);
    const ids = await bulkUpdate(deps.em(), viewer, parse(bulkUpdateSchema, ctx.request.body));
    ctx.body = { updated: ids };
  });

  router.get('/:ref', (ctx) => reads.page(ctx, requireViewer(ctx), parse(issueRefSchema, ctx.params.ref)));
  router.get('/:ref/page', (ctx) => reads.pageWithThread(ctx, requireViewer(ctx), parse(issueRefSchema, ctx.params.ref)));

  router.patch('/:id', async (ctx) => {
    const viewer = requireViewer(ctx);
    const ref = parse(issueRefSchema, ctx.params.id);
    const { baseVersion: bodyVersion, editedAt, ...patch } = parse(updateIssueSchema, ctx.request.body);
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

  router.delete('/:id', async (ctx) => {
    const viewer = requireViewer(ctx);
    await deleteIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.id));
    ctx.status = 204;
  });

  router.post('/:id/move', async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = parse(idSchema, ctx.params.id);
    await moveIssue(deps.em(), viewer, id, parse(moveIssueSchema, ctx.request.body));
    await respond(ctx, viewer, id);
  });

  router.get('/:id/activity', async (ctx) => {
    const viewer = requireViewer(ctx);
    const { issue } = await requireIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.id), 'project.view');
    const { limit } = parse(activityQuerySchema, ctx.query);
    ctx.body = activityResponseSchema.parse({ activity: await listActivity(deps.em(), 'a.issue_id = ?', [issue.id], { limit, newestFirst: false }) });
  });

  return router;
}
