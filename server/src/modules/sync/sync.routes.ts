import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { syncBootstrapQuerySchema, syncChangesQuerySchema, syncIssuesQuerySchema, syncStreamQuerySchema } from '@tracker/shared/api/sync';
import { requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { SyncHub } from './sync-hub.ts';
import { streamChanges, type LiveSubscription } from './sync-stream.ts';
import { bootstrap, changesSince, issuePage } from './sync.service.ts';

/** The sync protocol's reads (docs/api.md, "Sync"). */
export function syncRoutes(deps: { em: () => EntityManager; hub: SyncHub; live?: LiveSubscription }) {
  const router = new Router({ prefix: '/api/sync' });
  router.get('/bootstrap', async (ctx) => {
    const { project } = parse(syncBootstrapQuerySchema, ctx.query);
    ctx.body = await bootstrap(deps.em(), requireViewer(ctx), project);
  });
  router.get('/issues', async (ctx) => {
    const { before, project } = parse(syncIssuesQuerySchema, ctx.query);
    ctx.body = await issuePage(deps.em(), requireViewer(ctx), before, project);
  });
  router.get('/changes', async (ctx) => {
    const { since, limit } = parse(syncChangesQuerySchema, ctx.query);
    ctx.body = await changesSince(deps.em(), requireViewer(ctx), since, limit);
  });
  router.get('/stream', async (ctx) => {
    const viewer = requireViewer(ctx);
    // A reconnecting EventSource says where it stopped; the first connection says it in the query.
    const { since } = parse(syncStreamQuerySchema, { since: ctx.get('last-event-id') || ctx.query.since });
    await changesSince(deps.em(), viewer, since, 1); // a position the log cannot serve is refused before the stream opens
    await streamChanges(ctx, deps, viewer, since);
  });
  return router;
}
