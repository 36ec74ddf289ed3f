import { liveEventSchema, type LiveEvent } from '@tracker/shared/api/events';
import { createPgListener } from '../../db/pg-listener.ts';
import type { Logger } from '../../logger.ts';
import { EVENTS_CHANNEL } from './publish.ts';

type Listener = (event: LiveEvent) => void;

/**
 * One LISTEN connection per server process fans PostgreSQL notifications out to the process's
 * subscribers, so events reach clients whichever instance made the change. It connects on the
 * first subscriber and stops reconnecting when nobody listens.
 */
export function createEventHub(databaseUrl: string, logger: Logger) {
  const listeners = new Set<Listener>();
  const listener = createPgListener({
    databaseUrl,
    logger,
    channels: [EVENTS_CHANNEL],
    shouldReconnect: () => listeners.size > 0,
    onNotification(_channel, payload) {
      if (!payload) return;
      const parsed = liveEventSchema.safeParse(JSON.parse(payload));
      if (!parsed.success) return;
      for (const l of listeners) l(parsed.data);
    },
  });

  return {
    /** Subscribes; resolves once the hub is listening (so no event published afterwards is missed). */
    async subscribe(l: Listener): Promise<() => void> {
      listeners.add(l);
      await listener.ensure();
      return () => {
        listeners.delete(l);
      };
    },
    get listening() {
      return listener.listening;
    },
    async close() {
      listeners.clear();
      await listener.close();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
