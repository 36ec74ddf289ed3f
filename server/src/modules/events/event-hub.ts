import { liveEventSchema, type LiveEvent } from '@tracker/shared/api/events';
import pg from 'pg';
import type { Logger } from '../../logger.ts';
import { EVENTS_CHANNEL } from './publish.ts';

type Listener = (event: LiveEvent) => void;

/**
 * One LISTEN connection per server process fans PostgreSQL notifications out to the process's
 * subscribers, so events reach clients whichever instance made the change. It reconnects with
 * back-off when the database goes away.
 */
export function createEventHub(databaseUrl: string, logger: Logger) {
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryMs = 250;

  const connect = async (): Promise<void> => {
    if (closed || client) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      const parsed = liveEventSchema.safeParse(JSON.parse(msg.payload));
      if (!parsed.success) return;
      for (const listener of listeners) listener(parsed.data);
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('end');
      void c.end().catch(() => {});
      if (closed || listeners.size === 0) return;
      logger.warn({ err }, 'live events connection lost; reconnecting');
      setTimeout(() => void ensure(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 5000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`listen ${EVENTS_CHANNEL}`);
      client = c;
      retryMs = 250;
    } catch (err) {
      void c.end().catch(() => {});
      if (!closed && listeners.size > 0) {
        setTimeout(() => void ensure(), retryMs).unref();
        retryMs = Math.min(retryMs * 2, 5000);
      }
      logger.warn({ err }, 'live events: cannot listen yet');
    }
  };

  const ensure = (): Promise<void> => {
    if (!connecting) connecting = connect().finally(() => (connecting = null));
    return connecting;
  };

  return {
    /** Subscribes; resolves once the hub is listening (so no event published afterwards is missed). */
    async subscribe(listener: Listener): Promise<() => void> {
      listeners.add(listener);
      await ensure();
      return () => {
        listeners.delete(listener);
      };
    },
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      listeners.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
