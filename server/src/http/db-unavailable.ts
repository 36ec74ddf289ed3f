// While the database (or the file store) cannot be reached, API calls answer 503 with Retry-After
// instead of 500, and the outage is logged once (with its end), not as a stack trace per request.
import type { Context, Next } from 'koa';
import { isDatabaseUnavailable, unavailableReason } from '../db/connection-errors.ts';
import { outsideRequest } from '../db/request-context.ts';
import { isTransactionConflict } from '../db/retrying-em.ts';
import type { Logger } from '../logger.ts';
import { StorageUnavailableError } from '../storage/blob-store.ts';
import { HttpError } from './errors.ts';

/** The supervisor's first restarts take well under this; clients retrying sooner would only add load. */
export const RETRY_AFTER_SEC = 2;

export const serviceUnavailable = () =>
  new HttpError(503, 'Service temporarily unavailable, try again shortly', 'service_unavailable', { retryAfter: RETRY_AFTER_SEC }, {
    'Retry-After': String(RETRY_AFTER_SEC),
  });

export interface OutageOptions {
  logger: Logger;
  /** Whether the database answers again; 'closed' once the ORM is shut down (stop probing). */
  probe(): Promise<'up' | 'down' | 'closed'>;
  probeMs?: number;
}

/** One warning when an outage starts, one line when a probe sees the database back. */
export function createOutageLog({ logger, probe, probeMs = 500 }: OutageOptions) {
  let since: number | null = null;
  const check = async () => {
    if (since === null) return;
    const state = await probe().catch(() => 'down' as const);
    if (state === 'down') {
      setTimeout(() => void check(), probeMs).unref();
      return;
    }
    if (state === 'up') logger.info({ downMs: Date.now() - since }, 'database reachable again');
    since = null;
  };
  return {
    get down() {
      return since !== null;
    },
    failed(err: unknown) {
      if (since !== null) return;
      since = Date.now();
      logger.warn({ reason: unavailableReason(err) }, 'database unavailable; answering 503 until it is back');
      // Not in the failing request's async context: the probe outlives it.
      outsideRequest(() => setTimeout(() => void check(), probeMs).unref());
    },
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;

/** One warning a minute at most for failures that have no probe of their own (the file store, conflicts). */
export function throttledWarning(logger: Logger, message: string, everyMs = 60_000) {
  let last = 0;
  return (err: unknown) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    logger.warn({ reason: (err as Error).message }, message);
  };
}

export interface UnavailableLogs {
  storage?: (err: unknown) => void;
  /** A transaction that still met a deadlock or serialization failure after its retries (db/retrying-em.ts). */
  conflict?: (err: unknown) => void;
}

/**
 * Right inside the error handler: the one place where an unreachable database or file store, or a
 * transaction that kept conflicting, becomes 503.
 */
export function databaseUnavailable(outage: OutageLog, logs: UnavailableLogs = {}) {
  return async (_ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof StorageUnavailableError) {
        logs.storage?.(err);
        throw serviceUnavailable();
      }
      if (isTransactionConflict(err)) {
        logs.conflict?.(err);
        throw serviceUnavailable();
      }
      if (!isDatabaseUnavailable(err)) throw err;
      outage.failed(err);
      throw serviceUnavailable();
    }
  };
}
