import Router from '@koa/router';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { LiveEvent } from '@tracker/shared/api/events';
import { requireUser } from '../../http/access.ts';
import { openEventStream } from '../../http/event-stream.ts';
import type { EventHub } from './event-hub.ts';

const ACCESS_CACHE_MS = 5_000;

/**
 * `GET /api/events`: server-sent events for the signed-in user. Each event is sent only when the
 * user can see its project (checked against the database, cached for a few seconds per connection).
 */
/** Whether a user may see a project; given by the app, so this module does not depend on projects (which publish here). */
export type ProjectVisibility = (em: EntityManager, viewer: { id: number; roles: readonly string[] }, projectId: number) => Promise<boolean>;

export function eventsRoutes(deps: { hub: EventHub; orm: MikroORM; canSeeProject: ProjectVisibility }) {
  const router = new Router();
  router.get('/api/events', async (ctx) => {
    const user = requireUser(ctx);
    const viewer = { id: user.id, roles: user.roles };
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
    let unsubscribe = () => {};
    const stream = openEventStream(ctx, () => unsubscribe());
    unsubscribe = await deps.hub.subscribe((event: LiveEvent) => {
      queue = queue.then(async () => {
        if (await canSee(event.projectId).catch(() => false)) stream.send(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
    });
    // The client may have left while the subscription was made.
    if (stream.ended) unsubscribe();
  });
  return router;
}
