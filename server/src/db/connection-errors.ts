// Which errors mean "the database cannot be reached right now" (as opposed to a bug or bad data).
// Used by the HTTP layer (503 instead of 500), the job worker and the LISTEN connections, so an
// outage is reported once instead of as a stack trace per request or poll.

/** Socket-level failures reaching the server (node's `code` on the error). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * SQLSTATEs of an unavailable server (https://www.postgresql.org/docs/current/errcodes-appendix.html):
 * admin_shutdown, crash_shutdown (another backend crashed), cannot_connect_now (starting up or
 * shutting down), too_many_connections; class 08 (connection exception) is matched by prefix.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres and pg-pool that carry no code. */
const MESSAGES = [
  /^Connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
];

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Whether `err` (or what it wraps: MikroORM's DriverException copies the driver's fields, Kysely and
 * pg-pool set `cause`, dual-stack connects throw an AggregateError) says the database is unreachable.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as ErrorLike;
  // An outgoing HTTP call (SMS, Telegram) failing on its socket is not the database.
  if (err instanceof TypeError && e.message === 'fetch failed') return false;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  // A Unix socket (the embedded database's) is gone while its server is down; a missing file anywhere else is not an outage.
  if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/** A one-line reason for the log (no stack: an outage is an event, not a bug). */
export function unavailableReason(err: unknown): string {
  const e = err as ErrorLike | null;
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  return `${code}${message.split('\n')[0]}`;
}
