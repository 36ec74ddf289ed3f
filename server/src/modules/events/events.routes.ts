import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { LiveEvent } from '@tracker/shared/api/events';
import { requireCredential, requireUser } from '../../http/access.ts';
import { openEventStream } from '../../http/event-stream.ts';
import type { StreamGuard } from '../auth/stream-access.ts';
import type { EventHub } from './event-hub.ts';

// `GET /api/events`: server-sent events for the signed-in user. Each event is sent only when the
// user can see its project.
/** Whether a user may see a project; given by the app, so this module does not depend on projects (which publish here). */
export type ProjectVisibility = (em: EntityManager, viewer: { id: number; roles: readonly string[] }, projectId: number) => Promise<boolean>;

export interface LiveDeps {
  hub: EventHub;
  orm: MikroORM;
  canSeeProject: ProjectVisibility;
  /** Ends a stream when the session or token it opened with ends (modules/auth/stream-access.ts). */
  guard: StreamGuard;
}

/**
 * Subscribes `send` to the live events a viewer may see, in order. Each event is checked when it is
 * sent: `allowed` (the stream's credential still holds), then its project's visibility, against the
 * database. Resolves once listening, with the unsubscribe function. Used by `/api/events` and by the
 * sync stream, which carries them too so that a tab holds one stream.
 */
export function subscribeVisibleEvents(
  deps: LiveDeps,
  viewer: { id: number; roles: readonly string[] },
  send: (event: LiveEvent) => void,
  allowed: () => Promise<boolean>,
): Promise<() => void> {
  const canSee = async (projectId: number | null) => projectId === null || deps.canSeeProject(deps.orm.em.fork() as unknown as EntityManager, viewer, projectId);
  // Serialise checks so events keep their order.
  let queue = Promise.resolve();
  return deps.hub.subscribe((event: LiveEvent) => {
    if (event.userId !== undefined && event.userId !== viewer.id) return;
    queue = queue.then(async () => {
      if ((await allowed()) && (await canSee(event.projectId).catch(() => false))) send(event);
    });
  });
}

/** The SSE text of one live event. */
export const liveEventText = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function eventsRoutes(deps: LiveDeps) {
  const router = new Router();
  router.get('/api/events', async (ctx) => {
    const user = requireUser(ctx);
    const credential = requireCredential(ctx);
    const stops: (() => void)[] = [];
    const stop = () => stops.splice(0).forEach((s) => s());
    const stream = openEventStream(ctx, stop);
    const access = await deps.guard(credential, () => stream.end());
    stops.push(access.stop);
    stops.push(await subscribeVisibleEvents(deps, { id: user.id, roles: user.roles }, (event) => stream.send(liveEventText(event)), access.check));
    // The client may have left while the subscriptions were made.
    if (stream.ended) stop();
  });
  return router;
}
