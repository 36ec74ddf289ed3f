// Keeps the embedded PostgreSQL running: when it exits without being asked to (killed, crashed),
// it is started again with exponential back-off. The ORM's pool and the LISTEN connections
// reconnect by themselves once it is back; until then the API answers 503 (http/db-unavailable.ts).
import type { Logger } from '../logger.ts';
import type { EmbeddedDatabase } from './embedded.ts';

export interface SupervisorOptions {
  logger: Logger;
  /** Wait before the first restart; doubles after each failed attempt. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export interface Supervisor {
  /** From now on nothing is restarted (shutdown has begun); the owner stops the database. */
  release(): void;
}

export function superviseEmbeddedPostgres(db: EmbeddedDatabase, { logger, firstDelayMs = 200, maxDelayMs = 10_000 }: SupervisorOptions): Supervisor {
  let released = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = firstDelayMs;
  let downSince = 0;
  let attempts = 0;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;

  const attempt = async () => {
    timer = null;
    if (released) return;
    // Logged here, not at the exit: Ctrl-C in a terminal signals PostgreSQL too, and by now a
    // shutdown has released us, so a clean stop prints nothing.
    if (attempts === 0) logger.warn({ exitCode: exit?.code, signal: exit?.signal }, 'embedded PostgreSQL exited unexpectedly; restarting it');
    attempts++;
    try {
      await db.start();
    } catch (err) {
      if (released) return;
      const reason = (err as Error).message;
      if (attempts === 1) logger.warn({ reason, retryInMs: delay }, 'embedded PostgreSQL did not restart yet; retrying with back-off');
      else logger.debug({ reason, attempts, retryInMs: delay }, 'embedded PostgreSQL restart failed');
      schedule();
      return;
    }
    if (released) return;
    logger.info({ downMs: Date.now() - downSince, attempts }, 'embedded PostgreSQL restarted');
    attempts = 0;
    delay = firstDelayMs;
  };

  const schedule = () => {
    timer = setTimeout(() => void attempt(), delay);
    delay = Math.min(delay * 2, maxDelayMs);
  };

  db.onUnexpectedExit?.((info) => {
    if (released) return;
    exit = info;
    downSince = Date.now();
    schedule();
  });

  return {
    release() {
      released = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
