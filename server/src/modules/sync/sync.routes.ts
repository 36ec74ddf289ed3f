import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sync } from '@tracker/shared/api/contract/sync';
import { requireCredential, requireViewer } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import type { StreamGuard } from '../../http/credential.ts';
import type { SyncHub } from './sync-hub.ts';
import { streamChanges, type LiveSubscription } from './sync-stream.ts';
import { bootstrap, changesSince, issuePage } from './sync.service.ts';

/** The sync protocol's reads (docs/api.md, "Sync"). */
export function syncRoutes(deps: { em: () => EntityManager; hub: SyncHub; guard: StreamGuard; live?: LiveSubscription }) {
  // Paths and schemas from the shared declarations (contract/sync.ts).
  const router = new Router();
  router.get(sync.bootstrap.path, async (ctx) => {
    // Who asks comes first: an anonymous caller learns 401, not what a good query looks like.
    const viewer = requireViewer(ctx);
    const { project } = parse(sync.bootstrap.query, ctx.query);
    ctx.body = await bootstrap(deps.em(), viewer, project);
  });
  router.get(sync.issues.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const { before, project } = parse(sync.issues.query, ctx.query);
    ctx.body = await issuePage(deps.em(), viewer, before, project);
  });
  router.get(sync.changes.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    const { since, limit } = parse(sync.changes.query, ctx.query);
    ctx.body = await changesSince(deps.em(), viewer, since, limit);
  });
  router.get(sync.stream.path, async (ctx) => {
    const viewer = requireViewer(ctx);
    // A reconnecting EventSource says where it stopped; the first connection says it in the query.
    const { since } = parse(sync.stream.query, { since: ctx.get('last-event-id') || ctx.query.since });
    await changesSince(deps.em(), viewer, since, 1); // a position the log cannot serve is refused before the stream opens
    await streamChanges(ctx, deps, viewer, requireCredential(ctx), since);
  });
  return router;
}
