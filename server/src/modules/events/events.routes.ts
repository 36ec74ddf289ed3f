import Router from '@koa/router';
import { sync } from '@tracker/shared/api/contract/sync';
import type { LiveEvent } from '@tracker/shared/api/events';
import { requireCredential, requireUser } from '../../http/access.ts';
import { openEventStream } from '../../http/event-stream.ts';
import { route } from '../../http/route.ts';
import type { StreamGuard } from '../../http/credential.ts';
import type { EventHub } from './event-hub.ts';

// `GET /api/events`: server-sent events for the signed-in user. Each event is sent only when the
// user can see its project, and only while the session or token the stream opened with holds.
export interface LiveDeps {
  hub: EventHub;
  /** Ends a stream when the session or token it opened with ends (http/credential.ts; made in modules/auth/stream-access.ts). */
  guard: StreamGuard;
}

/**
 * Subscribes `send` to the live events a viewer may see, in order. Each event is checked against the
 * database when it is sent: `allows(projectId)` says the stream's credential still holds and its
 * user may see the event's project (StreamAccess.allows). Resolves once listening, with the
 * unsubscribe function. Used by `/api/events` and by the sync stream, which carries them too so that
 * a tab holds one stream.
 */
export function subscribeVisibleEvents(
  deps: LiveDeps,
  viewer: { id: number },
  send: (event: LiveEvent) => void,
  allows: (projectId: number | null) => Promise<boolean>,
): Promise<() => void> {
  // Serialise checks so events keep their order.
  let queue = Promise.resolve();
  return deps.hub.subscribe((event: LiveEvent) => {
    if (event.userId !== undefined && event.userId !== viewer.id) return;
    queue = queue.then(async () => {
      if (await allows(event.projectId)) send(event);
    });
  });
}

/** The SSE text of one live event. */
export const liveEventText = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function eventsRoutes(deps: LiveDeps) {
  const router = new Router();
  route(router, sync.events, async (ctx) => {
    const user = requireUser(ctx);
    const credential = requireCredential(ctx);
    const stops: (() => void)[] = [];
    const stop = () => stops.splice(0).forEach((s) => s());
    const stream = openEventStream(ctx, stop);
    const access = await deps.guard(credential, () => stream.end());
    stops.push(access.stop);
    stops.push(await subscribeVisibleEvents(deps, { id: user.id }, (event) => stream.send(liveEventText(event)), access.allows));
    // The client may have left while the subscriptions were made.
    if (stream.ended) stop();
  });
  return router;
}
