// How the queue sets graphile-worker up: its connection pools, its runner options, its events.
import { EventEmitter } from 'node:events';
import type { JobHelpers, Runner, RunnerOptions, TaskList, WorkerEvents } from 'graphile-worker';
import { onOwnConnection, ownPool, type PgPool } from '../../db/pg-connections.ts';
import { outsideRequest } from '../../db/request-context.ts';
import type { Logger } from '../../logger.ts';
import { forceUnlockPools } from './job-locks.repository.ts';
import type { JobHandler } from './job-queue.ts';
import { workerLogger } from './worker-log.ts';

const asRecord = (payload: unknown): Record<string, unknown> => (payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {});

/**
 * Our own pools, not graphile-worker's: it stops listening for a pool's errors before it ends the
 * pool, so a connection that PostgreSQL closes meanwhile (Ctrl-C reaches both) crashed the process.
 */
export function jobPool(databaseUrl: string, concurrency: number, logger: Logger): PgPool {
  return ownPool(databaseUrl, { max: concurrency + 2, onError: (err) => logger.debug({ err }, 'job queue connection lost') });
}

export function runnerOptions(pgPool: PgPool, logger: Logger, handlers: Record<string, JobHandler>, abortAfterMs: number): RunnerOptions {
  // A job never runs on the EntityManager of the request whose NOTIFY happened to wake the worker.
  const taskList: TaskList = Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [kind, (payload: unknown, helpers: JobHelpers) => outsideRequest(() => handler(asRecord(payload), helpers))]),
  );
  return {
    pgPool,
    logger: workerLogger(logger),
    // main.ts owns the signals and stops the worker in its shutdown.
    noHandleSignals: true,
    gracefulShutdownAbortTimeout: abortAfterMs,
    // Completions and failures go through graphile's batcher, which a stop flushes before the pool
    // closes; unbatched, a job finishing during the stop was run but left locked in the queue.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    taskList,
  };
}

/** One runner's own emitter (its events tell which runner they come from), forwarding all to `events`. */
export function forwardingEvents(events: WorkerEvents): WorkerEvents {
  const own = new EventEmitter() as WorkerEvents;
  type Emit = (name: string, ...args: unknown[]) => boolean;
  const emit = own.emit.bind(own) as Emit;
  (own as unknown as { emit: Emit }).emit = (name, ...args) => {
    (events.emit as Emit)(name, ...args);
    return emit(name, ...args);
  };
  return own;
}

/**
 * What graphile-worker offers for a crashed worker: its jobs are unlocked (attempt counted) for
 * another to take. On a connection of its own: a stuck job may hold one of the pool's.
 */
export async function releaseLocks(databaseUrl: string, poolIds: string[]) {
  await onOwnConnection(databaseUrl, (client) => forceUnlockPools(client, poolIds));
}

/**
 * Stops `current` (it takes no new job) and waits for it and the `draining` runners to finish their
 * jobs; a job that never ends would keep that wait for ever, so after `forceAfterMs` `release` frees
 * the jobs still running for another worker. True when it came to that.
 */
export async function stopRunners(current: Runner | null, draining: Iterable<Runner>, options: { forceAfterMs: number; logger: Logger; release: () => Promise<void> }): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let stuck = false;
  const forced = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      stuck = true;
      options.logger.warn({ forceAfterMs: options.forceAfterMs }, 'jobs still running at shutdown are released, to run again elsewhere');
      resolve(options.release().catch((err) => options.logger.error({ err }, 'could not release the running jobs')));
    }, options.forceAfterMs);
  });
  const runners = [...(current ? [current] : []), ...draining];
  const stopped = runners.map((x) => (x === current ? x.stop().then(() => x.promise) : x.promise).catch(() => {}));
  await Promise.race([Promise.all(stopped), forced]);
  clearTimeout(timer);
  return stuck;
}
