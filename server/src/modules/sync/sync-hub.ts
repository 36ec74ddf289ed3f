// One LISTEN connection per process on `tracker_sync`, which the sync log's trigger notifies (once
// per transaction) when it commits. Subscribers are only told "the log moved": each reads its own
// changes after its own position, so a notification lost in an outage costs nothing — the
// reconnect itself tells everyone to look.
import { createPgListener } from '../../db/pg-listener.ts';
import type { Logger } from '../../logger.ts';

export const SYNC_CHANNEL = 'tracker_sync';

type Tick = () => void;

export function createSyncHub(databaseUrl: string, logger: Logger) {
  const subscribers = new Set<Tick>();
  const tickAll = () => {
    for (const tick of subscribers) tick();
  };
  const listener = createPgListener({
    databaseUrl,
    logger,
    channels: [SYNC_CHANNEL],
    shouldReconnect: () => subscribers.size > 0,
    onNotification: tickAll,
    onState: (listening) => listening && tickAll(),
  });
  return {
    /** Resolves once listening, so no commit after it goes unheard. */
    async subscribe(tick: Tick): Promise<() => void> {
      subscribers.add(tick);
      await listener.ensure();
      return () => void subscribers.delete(tick);
    },
    async close() {
      subscribers.clear();
      await listener.close();
    },
  };
}

export type SyncHub = ReturnType<typeof createSyncHub>;
