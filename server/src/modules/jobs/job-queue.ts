// The job queue is graphile-worker on the app's PostgreSQL (pg-boss polls where it listens): a job
// added in a transaction wakes an idle worker at once through LISTEN/NOTIFY, is taken by one worker of
// one replica (SKIP LOCKED), retries with back-off, and cron items run once per tick however many
// replicas run. Modules register their tasks and cron items before the worker starts.
import { EventEmitter } from 'node:events';
import { parseCronItems, run, runOnce, type CronItem, type JobHelpers, type Runner, type WorkerEvents } from 'graphile-worker';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isDatabaseUnavailable, unavailableReason } from '../../db/connection-errors.ts';
import { databaseAnswers, type PgPool } from '../../db/pg-connections.ts';
import type { Logger } from '../../logger.ts';
import { enqueueIn, type EnqueueOptions } from './enqueue.ts';
import { createLockHolders } from './lock-holders.ts';
import { PING_JOB, pingHandler } from './ping.ts';
import { quietDatabaseTraces } from './worker-log.ts';
import { forwardingEvents, jobPool, releaseLocks, runnerOptions, stopRunners } from './worker-setup.ts';

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
  /** The longest wait before starting a worker again (after a failed start, or one that stopped on its own). */
  restartMaxMs?: number;
  /** How often jobs locked by workers that no longer run are looked for (also at every start). */
  sweepEveryMs?: number;
  /** How long another process's worker pool must be seen dead before its jobs are freed (lock-holders.ts). */
  deadPoolGraceMs?: number;
}

/** Whether this process's worker runs, and since when it does not. */
export interface JobQueueState {
  running: boolean;
  downSince: number | null;
}

export function createJobQueue({
  databaseUrl,
  logger,
  concurrency = 4,
  pollInterval = 250,
  abortAfterMs = 10_000,
  forceAfterMs = abortAfterMs + 5000,
  restartMaxMs = 5000,
  sweepEveryMs = 10_000,
  deadPoolGraceMs = 20_000,
}: JobQueueOptions) {
  const handlers: Record<string, JobHandler> = { [PING_JOB]: pingHandler };
  const cron: CronItem[] = [];
  quietDatabaseTraces(logger);
  /** graphile-worker's events of the running worker (job:start, job:success, job:error, job:failed…). */
  const events = new EventEmitter() as WorkerEvents;
  const holders = createLockHolders({ databaseUrl, logger, graceMs: deadPoolGraceMs });
  let runner: Runner | null = null;
  let runnerSince = 0;
  /** Runners that stopped on their own and still finish the jobs they had. */
  const draining = new Set<Runner>();
  let starting: Promise<void> | null = null;
  let wanted = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let failures = 0;
  /** Since when no runner runs (null while one does). */
  let downSince: number | null = Date.now();

  let pool: PgPool | null = null;
  const makePool = () => jobPool(databaseUrl, concurrency, logger);
  const options = (pgPool: PgPool) => runnerOptions(pgPool, logger, handlers, abortAfterMs);

  /** Frees what dead workers hold (lock-holders.ts); an outage only postpones it to the next sweep. */
  let sweeping: Promise<void> | null = null;
  const sweep = () =>
    (sweeping ??= (async () => {
      try {
        if (pool) await holders.sweep(pool);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) logger.warn({ err }, 'could not release the jobs of stopped job workers');
      } finally {
        sweeping = null;
      }
    })());

  /** The pools of an emitter's runner take their liveness locks, and ended ones are freed. */
  const track = (emitter: WorkerEvents) => {
    emitter.on('pool:create', ({ workerPool }) => holders.add(workerPool.id));
    emitter.on('pool:release', ({ workerPool }) => {
      holders.remove(workerPool.id);
      if (wanted) void sweep();
    });
    return emitter;
  };

  /** Starts again after a back-off: 250 ms doubling to `restartMaxMs`, so a recovered database is used within seconds. */
  const again = () => {
    if (!wanted || retryTimer) return;
    const delay = Math.min(restartMaxMs, 250 * 2 ** Math.min(failures, 8));
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

  /**
   * graphile-worker ends a runner for good when its pool shuts down on its own: a completion or
   * failure it could not write (the database went away mid-job), or a worker that exited. Its
   * `promise` then resolves as if asked to stop, so nothing rejects: this notices the pool's
   * shutdown as it begins (a job that ignores the abort would keep the old runner from ever
   * ending) and starts a new runner beside the draining one.
   */
  const exited = (r: Runner, reason: string) => {
    if (runner !== r) return;
    runner = null;
    downSince = Date.now();
    draining.add(r);
    void r.promise.catch(() => {}).finally(() => draining.delete(r));
    // A runner that had worked a while is not a crash loop: the back-off starts over.
    if (Date.now() - runnerSince > 30_000) failures = 0;
    logger.warn({ reason }, 'job worker stopped on its own; starting it again');
    again();
  };

  // graphile-worker 0.18 keeps a failed lookup of its task ids for good (taskIdentifiers.js caches
  // the rejected promise): a worker whose first fetch met an outage fails every fetch after the
  // database is back. When a fetch fails while the database answers, a new runner starts afresh.
  let healing = false;
  const heal = (r: Runner) => {
    if (healing || runner !== r || !wanted) return;
    healing = true;
    void (async () => {
      try {
        if (!pool || !(await databaseAnswers(pool)) || runner !== r || !wanted) return;
        logger.warn('job fetches fail while the database answers: the job worker starts afresh');
        runner = null;
        downSince = Date.now();
        await r.stop().catch(() => {});
        if (wanted) await start();
      } finally {
        healing = false;
      }
    })();
  };

  /**
   * Starts the worker (and the cron scheduler) in this process. A worker that cannot start (the
   * database is down) or that stops on its own is started again with back-off, so the queue
   * recovers by itself when PostgreSQL returns. Jobs of dead workers are freed at each start and
   * every `sweepEveryMs` (lock-holders.ts).
   */
  function start(): Promise<void> {
    wanted = true;
    if (runner) return Promise.resolve();
    if (starting) return starting;
    pool ??= makePool();
    holders.start();
    sweeper ??= setInterval(() => void (runner && sweep()), sweepEveryMs).unref();
    const p = pool;
    starting = (async () => {
      const own = track(forwardingEvents(events));
      let r: Runner | null = null;
      let reason = 'its worker pool shut down';
      own.on('pool:gracefulShutdown', ({ message }) => {
        reason = message;
        if (r) exited(r, message);
      });
      own.on('stop', () => r && exited(r, reason));
      own.on('worker:getJob:error', () => r && heal(r));
      r = await run({ ...options(p), concurrency, pollInterval, events: own, parsedCronItems: parseCronItems(cron) });
      runner = r;
      runnerSince = Date.now();
      downSince = null;
      const started = r;
      started.promise.then(
        () => exited(started, reason),
        (err: unknown) => exited(started, String(err)),
      );
      // After run(), which installs graphile-worker's schema on a new database.
      await sweep();
    })()
      .catch((err) => failed(err, 'job worker did not start'))
      .finally(() => (starting = null));
    return starting;
  }

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
      const counter = track(new EventEmitter() as WorkerEvents);
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

    /** For /api/health: whether this process's worker runs, and since when it does not. */
    state: (): JobQueueState => ({ running: runner !== null, downSince }),

    /**
     * Graceful: takes no new job and waits for the running ones (signalled to abort after
     * `abortAfterMs`); one still running after `forceAfterMs` is unlocked for another worker.
     */
    async stop(): Promise<void> {
      wanted = false;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      clearInterval(sweeper);
      sweeper = undefined;
      await starting;
      const r = runner;
      const p = pool;
      runner = null;
      pool = null;
      if (r) downSince = Date.now();
      if (!r && !draining.size) {
        await sweeping;
        await holders.close();
        return void (await p?.end());
      }
      // PostgreSQL already gone (Ctrl-C reaches it too): nothing can be completed or released, and
      // graphile-worker prints a stack for every worker whose poll fails once it is stopping.
      // The process is exiting: the worker is left to the exit; the next start anywhere frees its jobs.
      if (!(await databaseAnswers(p!))) {
        logger.debug('database gone at shutdown: the job worker is left to the exit');
        await holders.close();
        return;
      }
      const stuck = await stopRunners(r, draining, { forceAfterMs, logger, release: () => releaseLocks(databaseUrl, holders.running()) });
      await sweeping;
      // Pools that ended with a job they could not complete (the database went away) free it now.
      if (!stuck) await holders.sweep(p!).catch(() => {});
      await holders.close();
      // The connection a stuck job holds would keep the pool from ending: not waited for.
      if (stuck) void p?.end().catch(() => {});
      else await p?.end();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
