import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { LiveEvent } from '@tracker/shared/api/events';
import { requireUser } from '../../http/access.ts';
import { openEventStream } from '../../http/event-stream.ts';
import type { EventHub } from './event-hub.ts';

const ACCESS_CACHE_MS = 5_000;

// `GET /api/events`: server-sent events for the signed-in user. Each event is sent only when the
// user can see its project.
/** Whether a user may see a project; given by the app, so this module does not depend on projects (which publish here). */
export type ProjectVisibility = (em: EntityManager, viewer: { id: number; roles: readonly string[] }, projectId: number) => Promise<boolean>;

export interface LiveDeps {
  hub: EventHub;
  orm: MikroORM;
  canSeeProject: ProjectVisibility;
}

/**
 * Subscribes `send` to the live events a viewer may see (checked against the database, cached for a
 * few seconds per subscription), in order. Resolves once listening, with the unsubscribe function.
 * Used by `/api/events` and by the sync stream, which carries them too so that a tab holds one stream.
 */
export function subscribeVisibleEvents(deps: LiveDeps, viewer: { id: number; roles: readonly string[] }, send: (event: LiveEvent) => void): Promise<() => void> {
  const access = new Map<number, { visible: boolean; until: number }>();
  const canSee = async (projectId: number | null) => {
    if (projectId === null) return true;
    const cached = access.get(projectId);
    if (cached && cached.until > Date.now()) return cached.visible;
    const em = deps.orm.em.fork() as unknown as EntityManager;
    const visible = await deps.canSeeProject(em, viewer, projectId);
    access.set(projectId, { visible, until: Date.now() + ACCESS_CACHE_MS });
    return visible;
  };
  // Serialise checks so events keep their order.
  let queue = Promise.resolve();
  return deps.hub.subscribe((event: LiveEvent) => {
    if (event.userId !== undefined && event.userId !== viewer.id) return;
    queue = queue.then(async () => {
      if (await canSee(event.projectId).catch(() => false)) send(event);
    });
  });
}

/** The SSE text of one live event. */
export const liveEventText = (event: LiveEvent) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

export function eventsRoutes(deps: LiveDeps) {
  const router = new Router();
  router.get('/api/events', async (ctx) => {
    const user = requireUser(ctx);
    let unsubscribe = () => {};
    const stream = openEventStream(ctx, () => unsubscribe());
    unsubscribe = await subscribeVisibleEvents(deps, { id: user.id, roles: user.roles }, (event) => stream.send(liveEventText(event)));
    // The client may have left while the subscription was made.
    if (stream.ended) unsubscribe();
  });
  return router;
}
