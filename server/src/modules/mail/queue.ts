// A small job queue in PostgreSQL: jobs survive restarts, several instances share the work
// (FOR UPDATE SKIP LOCKED), failures retry with back-off. HTTP requests only insert a row.
import { isDatabaseUnavailable, unavailableReason } from '../../db/connection-errors.ts';
import { outsideRequest } from '../../db/request-context.ts';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../logger.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface JobQueueOptions {
  orm: MikroORM;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  /** A claimed job not finished by then (a crashed worker) is claimed again. */
  lockSec?: number;
  batch?: number;
}

/** Seconds to wait before attempt n+1: 10 s, 20 s, 40 s … capped at an hour. */
export const retryDelaySec = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

export function createJobQueue({ orm, logger, handlers, pollMs = 2000, lockSec = 300, batch = 5 }: JobQueueOptions) {
  const sql = () => orm.em.getConnection();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function runJob(job: ClaimedJob) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await sql().execute('delete from jobs where id = ?', [job.id]);
    } catch (err) {
      const final = job.attempts >= job.max_attempts;
      logger.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts, final }, 'job failed');
      await sql().execute(
        `update jobs set locked_until = null, last_error = ?,
           run_at = case when ? then run_at else now() + make_interval(secs => ?) end,
           failed_at = case when ? then now() else null end
         where id = ?`,
        [String((err as Error)?.message ?? err).slice(0, 2000), final, retryDelaySec(job.attempts), final, job.id],
      );
    }
  }

  /** Claims and runs every due job (in batches); returns how many ran. */
  async function runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await sql().execute<ClaimedJob[]>(
        `update jobs set locked_until = now() + make_interval(secs => ?), attempts = attempts + 1
          where id in (select id from jobs
                        where failed_at is null and run_at <= now() and (locked_until is null or locked_until < now())
                        order by run_at, id limit ? for update skip locked)
         returning id, kind, payload, attempts, max_attempts`,
        [lockSec, batch],
      );
      if (jobs.length === 0) return total;
      await Promise.all(jobs.map(runJob));
      total += jobs.length;
    }
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runDue()
      .catch((err) => {
        // The database is down (restarting): the next poll tries again; the outage is logged elsewhere.
        if (isDatabaseUnavailable(err)) logger.debug({ reason: unavailableReason(err) }, 'job queue poll skipped: database unavailable');
        else logger.error({ err }, 'job queue poll failed');
      })
      .then(() => {
        running = null;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    /** Inserts a job in the caller's transaction (it runs once that commits). */
    async enqueue(em: EntityManager, kind: string, payload: Record<string, unknown>, options: { maxAttempts?: number } = {}) {
      await em.execute('insert into jobs (kind, payload, max_attempts) values (?, ?::jsonb, ?)', [
        kind,
        JSON.stringify(payload),
        options.maxAttempts ?? 8,
      ]);
      // Run soon rather than at the next poll; the transaction has usually committed by then.
      // Outside the enqueuing request's context: the worker must not run on that request's EntityManager.
      if (!stopped) outsideRequest(() => setTimeout(tick, 50).unref());
    },
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
