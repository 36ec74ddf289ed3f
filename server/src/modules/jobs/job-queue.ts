// The job queue is graphile-worker on the app's PostgreSQL (docs/architecture.md, "Jobs"): a job added
// in a transaction wakes an idle worker at once through LISTEN/NOTIFY, is taken by one worker of one
// replica (SKIP LOCKED), retries with exponential back-off, and cron items are scheduled once per tick
// however many replicas run. Modules register their tasks and cron items before the worker starts.
import { EventEmitter } from 'node:events';
import { parseCronItems, run, runOnce, type CronItem, type JobHelpers, type Runner, type RunnerOptions, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { isDatabaseUnavailable, unavailableReason } from '../../db/connection-errors.ts';
import { outsideRequest } from '../../db/request-context.ts';
import type { Logger } from '../../logger.ts';
import { enqueueIn, type EnqueueOptions } from './enqueue.ts';
import { PING_JOB, pingHandler } from './ping.ts';
import { quietDatabaseTraces, workerLogger } from './worker-log.ts';

export type JobHandler = (payload: Record<string, unknown>, helpers: JobHelpers) => Promise<void>;

/** A recurring task: `match` is a crontab pattern (UTC); a tick missed while no replica ran is run on start if within `backfillMs`. */
export interface CronTask {
  identifier: string;
  task: string;
  match: string;
  backfillMs?: number;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  databaseUrl: string;
  logger: Logger;
  /** Jobs run at once by this process (they mostly wait on SMTP or Telegram). */
  concurrency?: number;
  /**
   * How often due jobs that no NOTIFY announced (retries, `runAt`, cron) are looked for. Also how long
   * the next job of a named (serial) queue may wait after the one before it ends: no NOTIFY announces
   * that, so it is short enough for a project's notifications to follow each other closely.
   */
  pollInterval?: number;
  /** How long a stop waits for running jobs before signalling them to abort. */
  abortAfterMs?: number;
  /** How long a stop waits in all before it releases the jobs still running (another worker runs them again). */
  forceAfterMs?: number;
}

const asRecord = (payload: unknown): Record<string, unknown> => (payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {});

export function createJobQueue({ databaseUrl, logger, concurrency = 4, pollInterval = 250, abortAfterMs = 10_000, forceAfterMs = abortAfterMs + 5000 }: JobQueueOptions) {
  const handlers: Record<string, JobHandler> = { [PING_JOB]: pingHandler };
  const cron: CronItem[] = [];
  quietDatabaseTraces(logger);
  /** graphile-worker's events of the running worker (job:start, job:success, job:error, job:failed…). */
  const events = new EventEmitter() as WorkerEvents;
  let runner: Runner | null = null;
  let starting: Promise<void> | null = null;
  let wanted = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  // The worker pools this queue started: their ids are the lock holders of the jobs they run.
  const poolIds: string[] = [];
  events.on('pool:create', ({ workerPool }) => void poolIds.push(workerPool.id));
  /** What graphile-worker offers for a crashed worker: its jobs are unlocked (attempt counted) for another to take. */
  const releaseLocks = async (ids: string[]) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('select graphile_worker.force_unlock_workers($1::text[])', [ids]);
    } finally {
      await client.end();
    }
  };

  // A job never runs on the EntityManager of the request whose NOTIFY happened to wake the worker.
  const taskList = (): TaskList =>
    Object.fromEntries(Object.entries(handlers).map(([kind, handler]) => [kind, (payload: unknown, helpers: JobHelpers) => outsideRequest(() => handler(asRecord(payload), helpers))]));

  // Our own pools, not graphile-worker's: it stops listening for a pool's errors before it ends the
  // pool, so a connection that PostgreSQL closes meanwhile (Ctrl-C reaches both) crashed the process.
  const makePool = () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: concurrency + 2 });
    const lost = (err: Error) => logger.debug({ err }, 'job queue connection lost');
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    return pool;
  };
  let pool: pg.Pool | null = null;

  const options = (pgPool: pg.Pool): RunnerOptions => ({
    pgPool,
    logger: workerLogger(logger),
    // main.ts owns the signals and stops the worker in its shutdown.
    noHandleSignals: true,
    gracefulShutdownAbortTimeout: abortAfterMs,
    // Completions and failures go through graphile's batcher, which a stop flushes before the pool
    // closes; unbatched, a job finishing during the stop was run but left locked in the queue.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    taskList: taskList(),
  });

  /**
   * Starts the worker (and the cron scheduler) in this process. A worker that cannot start (the
   * database is down) or that stops on its own is started again with back-off (1 s … 30 s), so
   * the queue recovers by itself when PostgreSQL returns.
   */
  function start(): Promise<void> {
    wanted = true;
    if (runner) return Promise.resolve();
    pool ??= makePool();
    const again = () => {
      if (!wanted || retryTimer) return;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (wanted && !runner && !starting) void start();
      }, delay);
      retryTimer.unref();
    };
    const failed = (err: unknown, what: string) => {
      // Stopping, or the database stopping (57P01 ended our session, 57P03 refused a new one; Ctrl-C
      // reaches the embedded PostgreSQL too, often before it reaches us): expected, so no warning.
      if (!wanted || ['57P01', '57P03'].includes((err as { code?: string } | null)?.code ?? '')) logger.info({ reason: unavailableReason(err) }, `${what}: the database is shutting down`);
      else if (isDatabaseUnavailable(err)) logger.warn({ reason: unavailableReason(err) }, `${what}; retrying while the database is unavailable`);
      else logger.error({ err }, what);
      again();
    };
    starting ??= run({ ...options(pool), concurrency, pollInterval, events, parsedCronItems: parseCronItems(cron) })
      .then((r) => {
        runner = r;
        failures = 0;
        r.promise.catch((err) => {
          if (runner !== r) return;
          runner = null;
          failed(err, 'job worker stopped');
        });
      })
      .catch((err) => failed(err, 'job worker did not start'))
      .finally(() => (starting = null));
    return starting;
  }

  // graphile-worker 0.18 keeps a failed lookup of its task ids for good (taskIdentifiers.js caches
  // the rejected promise): a worker whose first fetch met an outage fails every fetch after the
  // database is back. When a fetch fails while the database answers, a new runner starts afresh.
  let healing = false;
  events.on('worker:getJob:error', () => {
    const r = runner;
    if (healing || !r || !wanted) return;
    healing = true;
    void (async () => {
      try {
        if (!(await pool?.query('select 1').then(() => true, () => false)) || runner !== r || !wanted) return;
        logger.warn('job fetches fail while the database answers: the job worker starts afresh');
        runner = null;
        await r.stop().catch(() => {});
        if (wanted) await start();
      } finally {
        healing = false;
      }
    })();
  });

  return {
    events,

    /** Adds task handlers (and their cron items); call before `start`. */
    register(tasks: Record<string, JobHandler>, cronTasks: CronTask[] = []) {
      if (runner || starting) throw new Error('job tasks must be registered before the worker starts');
      Object.assign(handlers, tasks);
      for (const c of cronTasks) cron.push({ identifier: c.identifier, task: c.task, match: c.match, options: { backfillPeriod: c.backfillMs ?? 0, ...(c.maxAttempts ? { maxAttempts: c.maxAttempts } : {}) } });
    },

    /** Adds a job in the caller's transaction: it runs once that commits (see enqueue.ts). */
    enqueue: (em: EntityManager, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}) => enqueueIn(em, kind, payload, opts),

    /** Runs every job due now in this process, then returns how many ran (tests, scripts). */
    async runDue(): Promise<number> {
      const counter = new EventEmitter() as WorkerEvents;
      let ran = 0;
      counter.on('job:complete', () => (ran += 1));
      const once = makePool();
      try {
        await runOnce({ ...options(once), events: counter });
      } finally {
        await once.end();
      }
      return ran;
    },

    start,

    /**
     * Graceful: takes no new job and waits for the running ones (signalled to abort after
     * `abortAfterMs`); one still running after `forceAfterMs` is unlocked for another worker.
     */
    async stop(): Promise<void> {
      wanted = false;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      await starting;
      const r = runner;
      const p = pool;
      runner = null;
      pool = null;
      if (!r) return void (await p?.end());
      // PostgreSQL already gone (Ctrl-C reaches it too): nothing can be completed or released, and
      // graphile-worker prints a stack for every worker whose poll fails once it is stopping.
      // The process is exiting: the worker is left to the exit; its jobs' locks expire.
      if (!(await p!.query('select 1').then(() => true, () => false))) {
        logger.debug('database gone at shutdown: the job worker is left to the exit');
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      let stuck = false;
      const forced = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          stuck = true;
          logger.warn({ forceAfterMs }, 'jobs still running at shutdown are released, to run again elsewhere');
          resolve(releaseLocks(poolIds).catch((err) => logger.error({ err }, 'could not release the running jobs')));
        }, forceAfterMs);
      });
      // A job that never ends would keep the graceful stop waiting for ever.
      await Promise.race([r.stop().then(() => r.promise).catch(() => {}), forced]);
      clearTimeout(timer);
      // The connection a stuck job holds would keep the pool from ending: not waited for.
      if (stuck) void p?.end().catch(() => {});
      else await p?.end();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
