// `GET /api/sync/stream`: the change feed pushed over server-sent events. Each event's `id` is the
// sync id reached, so a reconnecting EventSource sends it back as `Last-Event-ID` and resumes
// exactly there: no change is lost across a dropped connection, a server restart or another replica.
import type { EntityManager } from '@mikro-orm/postgresql';
import { SYNC_CHANGES_MAX } from '@tracker/shared/api/sync';
import { DomainError } from '@tracker/shared/domain-errors';
import type { Context } from 'koa';
import type { Credential } from '../../http/credential.ts';
import { openEventStream } from '../../http/event-stream.ts';
import type { StreamGuard } from '../../http/credential.ts';
import type { Viewer } from '../projects/project-access.ts';
import type { SyncHub } from './sync-hub.ts';
import { changesSince } from './sync.service.ts';

/**
 * Sends the live events the viewer may see through `send` (the tab's one stream carries both), each
 * once `allows` says the stream's credential still holds and the event's project is visible.
 */
export type LiveSubscription = (viewer: Viewer, send: (text: string) => void, allows: (projectId: number | null) => Promise<boolean>) => Promise<() => void>;

export async function streamChanges(
  ctx: Context,
  deps: { hub: SyncHub; em: () => EntityManager; live?: LiveSubscription; guard: StreamGuard },
  viewer: Viewer,
  credential: Credential,
  since: number,
) {
  const unsubscribes: (() => void)[] = [];
  const unsubscribe = () => unsubscribes.splice(0).forEach((u) => u());
  const stream = openEventStream(ctx, unsubscribe);
  // Ends the stream when its session or token ends, or its user is blocked.
  const access = await deps.guard(credential, () => stream.end());
  unsubscribes.push(access.stop);
  let position = since;
  let running = false;
  let again = false;
  // One read at a time per connection; a tick during a read reads once more after it.
  const pull = async () => {
    if (running) return void (again = true);
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const page = await changesSince(deps.em(), viewer, position, SYNC_CHANGES_MAX);
          if (page.syncId === position) break;
          if (!(await access.check())) return;
          position = page.syncId;
          stream.send(`id: ${position}\nevent: changes\ndata: ${JSON.stringify(page.changes)}\n\n`);
          if (!page.more) break;
        }
      } while (again && !stream.ended);
    } catch (err) {
      // Too far behind (or ahead): the client bootstraps again. Anything else ends the stream; the
      // EventSource reconnects and resumes from its last id.
      if (err instanceof DomainError && err.code === 'sync_expired') stream.send('event: expired\ndata: {}\n\n');
      stream.end();
    } finally {
      running = false;
    }
  };
  unsubscribes.push(await deps.hub.subscribe(() => void pull()));
  if (deps.live) unsubscribes.push(await deps.live(viewer, stream.send, access.allows));
  // The client may have left while the subscriptions were made.
  if (stream.ended) unsubscribe();
  // Whatever committed between the caller's position and the subscription.
  void pull();
}
