// Which job locks belong to a worker that no longer exists. graphile-worker 0.18 frees a job only when
// the pool that took it completes or fails it, else after 4 hours; it has no heartbeat of its own
// (Worker Pro has). So each live pool of this process holds a session advisory lock keyed by its id,
// on one connection of ours: PostgreSQL drops it when the pool ends, the process dies or the
// connection is lost. A holder without that lock is dead: a pool of this process that ended, at once;
// another's only once it has been seen without it for `graceMs`, since a live replica may be
// reconnecting after an outage, or may take its first job a moment before its lock.
import { ownClient, type PgClient } from '../../db/pg-connections.ts';
import type { Logger } from '../../logger.ts';
import type { Queryable } from './enqueue.ts';
import { forceUnlockPools, holdersWithoutLock, lockPool, unlockPool } from './job-locks.repository.ts';

export interface LockHoldersOptions {
  databaseUrl: string;
  logger: Logger;
  /** How long another process's pool must be seen without its lock before its jobs are freed. */
  graceMs?: number;
  /** Wait before reconnecting the connection that holds the locks. */
  reconnectMs?: number;
}

export function createLockHolders({ databaseUrl, logger, graceMs = 20_000, reconnectMs = 1000 }: LockHoldersOptions) {
  /** Pools of this process still running (their locks are held, or taken on reconnect). */
  const live = new Set<string>();
  /** Pools of this process that ended: whatever they still hold is freed at the next sweep. */
  const ended = new Set<string>();
  /** Other processes' pools seen without their lock, since when. */
  const suspects = new Map<string, number>();
  let client: PgClient | null = null;
  /** Locks taken on the current connection. */
  let held = new Set<string>();
  let connecting = false;
  /** Until `start`, and after `close`: pools are counted but no connection is opened. */
  let closed = true;
  let timer: NodeJS.Timeout | undefined;

  const take = (c: PgClient, id: string) => {
    if (held.has(id)) return;
    held.add(id);
    lockPool(c, id)
      .then((locked) => void (locked || logger.debug({ poolId: id }, 'a job pool id shares its liveness lock with another')))
      .catch(() => {});
  };

  const reconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, reconnectMs);
    timer.unref();
  };

  async function connect() {
    if (closed || client || connecting) return;
    connecting = true;
    const c = ownClient(databaseUrl, 'tracker job pools');
    try {
      await c.connect();
    } catch {
      connecting = false;
      reconnect();
      return;
    }
    connecting = false;
    if (closed) return void c.end().catch(() => {});
    client = c;
    held = new Set();
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      reconnect();
    });
    for (const id of live) take(c, id);
  }

  return {
    /** Opens the connection that holds the locks (again, while it is lost). */
    start() {
      closed = false;
      void connect();
    },

    /** A pool of this process started (graphile-worker's `pool:create`). */
    add(id: string) {
      live.add(id);
      if (client) take(client, id);
      else void connect();
    },

    /** A pool of this process ended (`pool:release`): its handlers have returned. */
    remove(id: string) {
      live.delete(id);
      ended.add(id);
      if (client && held.delete(id)) unlockPool(client, id).catch(() => {});
    },

    /** This process's pools still running. */
    running: () => [...live],

    /**
     * Frees the jobs of dead holders: this process's ended pools, and other processes' pools seen
     * without their lock for `graceMs`. Returns how many jobs were freed.
     */
    async sweep(db: Queryable): Promise<number> {
      const now = Date.now();
      const lockless = new Set(await holdersWithoutLock(db));
      const dead = [...ended];
      for (const id of lockless) {
        if (live.has(id) || ended.has(id)) continue;
        const since = suspects.get(id);
        if (since === undefined) suspects.set(id, now);
        else if (now - since >= graceMs) dead.push(id);
      }
      for (const id of suspects.keys()) if (!lockless.has(id)) suspects.delete(id);
      if (!dead.length) return 0;
      const freed = await forceUnlockPools(db, dead);
      for (const id of dead) {
        ended.delete(id);
        suspects.delete(id);
      }
      if (freed) logger.warn({ jobs: freed, pools: dead }, 'jobs locked by job workers that no longer run are released, to run again');
      return freed;
    },

    /** Ends the connection, dropping every lock; call once the pools have ended. */
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export type LockHolders = ReturnType<typeof createLockHolders>;
