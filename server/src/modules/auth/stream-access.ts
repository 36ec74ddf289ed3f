// A live stream (`/api/sync/stream`, `/api/events`) lasts only as long as the access it opened with.
// Whatever ends a session or a token, or blocks a user, notifies `tracker_access` on commit (database
// triggers: Migration20261205100000_access_ends); one LISTEN connection per process hears it and has
// that user's streams check their credential at once, so they end within a moment on every replica.
// Each stream also checks before every event it sends, which covers a notification lost in a
// database outage and a credential that simply expired.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { StreamGuard } from '../../http/credential.ts';
import { createPgListener } from '../../db/pg-listener.ts';
import type { Logger } from '../../logger.ts';
import { credentialAllows } from './credentials.repository.ts';

export const ACCESS_CHANNEL = 'tracker_access';

type Recheck = () => void;

export function createAccessHub(databaseUrl: string, logger: Logger) {
  const byUser = new Map<number, Set<Recheck>>();
  const recheck = (checks: Iterable<Recheck> | undefined) => {
    for (const check of checks ?? []) check();
  };
  const listener = createPgListener({
    databaseUrl,
    logger,
    channels: [ACCESS_CHANNEL],
    shouldReconnect: () => byUser.size > 0,
    onNotification: (_channel, payload) => recheck(byUser.get(Number(payload))),
    // Back after an outage: anything may have ended meanwhile.
    onState: (listening) => listening && [...byUser.values()].forEach(recheck),
  });
  return {
    /** Calls `check` whenever the user's access may have ended; resolves once listening. */
    async watch(userId: number, check: Recheck): Promise<() => void> {
      const checks = byUser.get(userId) ?? new Set<Recheck>();
      checks.add(check);
      byUser.set(userId, checks);
      await listener.ensure();
      return () => {
        checks.delete(check);
        if (!checks.size && byUser.get(userId) === checks) byUser.delete(userId);
      };
    },
    async close() {
      byUser.clear();
      await listener.close();
    },
  };
}

export type AccessHub = ReturnType<typeof createAccessHub>;

/** Guards streams: `guard(credential, end)` ends the stream (`end`) as soon as the credential stops holding. */
export function streamGuard(deps: { hub: AccessHub; orm: MikroORM }): StreamGuard {
  return async (credential, end) => {
    let ended = false;
    const allows = async (projectId: number | null) => {
      if (ended) return false;
      const { holds, sees } = await credentialAllows(deps.orm.em.fork() as unknown as EntityManager, credential, projectId).catch(() => ({ holds: false, sees: false }));
      if (!holds && !ended) {
        ended = true;
        end();
      }
      return holds && sees && !ended;
    };
    const check = () => allows(null);
    const unwatch = await deps.hub.watch(credential.userId, () => void check());
    // Whatever ended between the request's own check and the watch.
    void check();
    return {
      check,
      allows,
      stop: () => {
        ended = true;
        unwatch();
      },
    };
  };
}
