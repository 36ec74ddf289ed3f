import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sync } from '@tracker/shared/api/contract/sync';
import { requireCredential, requireViewer } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { parse } from '../../http/validate.ts';
import type { StreamGuard } from '../../http/credential.ts';
import type { SyncHub } from './sync-hub.ts';
import { streamChanges, type LiveSubscription } from './sync-stream.ts';
import { bootstrap, changesSince, issuePage } from './sync.service.ts';

/** The sync protocol's reads (docs/api.md, "Sync"). */
export function syncRoutes(deps: { em: () => EntityManager; hub: SyncHub; guard: StreamGuard; live?: LiveSubscription }) {
  const router = new Router();
  route(router, sync.bootstrap, async (ctx, input) => {
    // Who asks comes first: an anonymous caller learns 401, not what a good query looks like.
    const viewer = requireViewer(ctx);
    const { project } = await input.query();
    ctx.body = await bootstrap(deps.em(), viewer, project);
  });
  route(router, sync.issues, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { before, project } = await input.query();
    ctx.body = await issuePage(deps.em(), viewer, before, project);
  });
  route(router, sync.changes, async (ctx, input) => {
    const viewer = requireViewer(ctx);
    const { since, limit } = await input.query();
    ctx.body = await changesSince(deps.em(), viewer, since, limit);
  });
  route(router, sync.stream, async (ctx) => {
    const viewer = requireViewer(ctx);
    // A reconnecting EventSource says where it stopped; the first connection says it in the query.
    const { since } = parse(sync.stream.query, { since: ctx.get('last-event-id') || ctx.query.since });
    await changesSince(deps.em(), viewer, since, 1); // a position the log cannot serve is refused before the stream opens
    await streamChanges(ctx, deps, viewer, requireCredential(ctx), since);
  });
  return router;
}
