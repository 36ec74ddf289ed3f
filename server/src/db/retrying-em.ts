// A deadlock (40P01) or a serialization failure (40001) is PostgreSQL telling one transaction to try
// again: nothing was written. Every transaction goes through `em.transactional` (services, the bot,
// jobs), so this EntityManager (orm.ts's `entityManager`) retries the outermost one there, a bounded
// number of times; one still conflicting after that answers 503 (http/db-unavailable.ts), not 500.
import { setTimeout as sleep } from 'node:timers/promises';
import { helper, type AnyEntity, type TransactionOptions } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';

/** Attempts in all, the first included. */
export const TRANSACTION_ATTEMPTS = 3;

const CONFLICT_CODES = new Set(['40001', '40P01']);

/** Whether `err` (or what it wraps) is a deadlock or serialization failure. */
export function isTransactionConflict(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; cause?: unknown };
  return (typeof e.code === 'string' && CONFLICT_CODES.has(e.code)) || isTransactionConflict(e.cause, depth + 1);
}

/**
 * An attempt that failed may have flushed part of its changes before the conflict: MikroORM then
 * holds those entities' new state as their database state, and the next attempt would find nothing
 * to write. The snapshots taken before each attempt are put back.
 */
function snapshot(em: EntityManager) {
  const saved: [ReturnType<typeof helper>, unknown][] = [];
  for (const entity of em.getUnitOfWork(false).getIdentityMap()) {
    const wrapped = helper(entity as AnyEntity);
    saved.push([wrapped, wrapped.__originalEntityData]);
  }
  return () => {
    for (const [wrapped, data] of saved) (wrapped as { __originalEntityData?: unknown }).__originalEntityData = data;
  };
}

export class RetryingEntityManager extends EntityManager {
  override async transactional<T>(cb: (em: this) => T | Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const em = this.getContext(false);
    // A nested transaction (a savepoint) cannot be retried alone: the outermost one is.
    if (options.ctx || em.isInTransaction()) return super.transactional(cb, options);
    for (let attempt = 1; ; attempt++) {
      const restore = snapshot(em);
      try {
        return await super.transactional(cb, { ...options });
      } catch (err) {
        if (!isTransactionConflict(err)) throw err;
        restore();
        if (attempt >= TRANSACTION_ATTEMPTS) throw err;
        // The other transaction usually needs a few milliseconds more; jitter keeps two retries apart.
        await sleep(10 * 2 ** attempt * (1 + Math.random()));
      }
    }
  }
}
