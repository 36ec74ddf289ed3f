import pg from 'pg';
import type { Logger } from '../logger.ts';
import { isDatabaseUnavailable, unavailableReason } from './connection-errors.ts';

export interface PgListenerOptions {
  databaseUrl: string;
  logger: Logger;
  channels: readonly string[];
  onNotification(channel: string, payload: string | undefined): void;
  /** Called each time the connection is (re)established and listening, and each time it is lost. */
  onState?(listening: boolean): void;
  /** Whether to reconnect after a loss (checked at that moment). */
  shouldReconnect?(): boolean;
}

/** PostgreSQL's admin_shutdown: the server ends every session because it is stopping. */
const isShutdown = (err?: Error) => (err as { code?: string } | undefined)?.code === '57P01';

/**
 * One LISTEN connection that reconnects with back-off when the database goes away. Notifications
 * sent while it is down are lost, so users are told (onState) and must treat that as "anything
 * may have changed".
 */
export function createPgListener(o: PgListenerOptions) {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let retryMs = 250;
  let wasLost = false;

  const retry = () => {
    if (closed || !(o.shouldReconnect?.() ?? true)) return;
    setTimeout(() => void ensure(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 5000);
  };

  const connect = async (): Promise<void> => {
    if (closed || client) return;
    const c = new pg.Client({ connectionString: o.databaseUrl });
    c.on('notification', (msg) => o.onNotification(msg.channel, msg.payload));
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('end');
      void c.end().catch(() => {});
      o.onState?.(false);
      if (closed) return;
      wasLost = true;
      // The database was asked to stop (Ctrl-C reaches the embedded PostgreSQL too, often before it
      // reaches us; or an operator stops it): expected, so no stack trace.
      if (isShutdown(err)) {
        o.logger.info({ channels: o.channels }, 'LISTEN connection closed: the database is shutting down');
        // On Ctrl-C our own shutdown closes this listener any moment now: no reconnect attempt before.
        retryMs = Math.max(retryMs, 1000);
      } else if (!err || isDatabaseUnavailable(err)) {
        // A database outage is an event, not a bug: its reason, no stack (the supervisor or the operator acts).
        o.logger.warn({ reason: err && unavailableReason(err), channels: o.channels }, 'LISTEN connection lost; reconnecting');
      } else o.logger.warn({ err, channels: o.channels }, 'LISTEN connection lost; reconnecting');
      retry();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      for (const channel of o.channels) await c.query(`listen ${channel}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      retryMs = 250;
      if (wasLost) o.logger.info({ channels: o.channels }, 'LISTEN connection back');
      wasLost = false;
      o.onState?.(true);
    } catch (err) {
      void c.end().catch(() => {});
      // Retried with back-off for as long as the outage lasts: the loss was reported once already.
      if (isDatabaseUnavailable(err)) o.logger.debug({ reason: unavailableReason(err), channels: o.channels }, 'cannot LISTEN yet');
      else o.logger.warn({ err, channels: o.channels }, 'cannot LISTEN yet');
      retry();
    }
  };

  const ensure = (): Promise<void> => {
    if (!connecting) connecting = connect().finally(() => (connecting = null));
    return connecting;
  };

  return {
    /** Connects (if not yet); resolves once listening or once this attempt failed. */
    ensure,
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
