import type { EntityManager } from '@mikro-orm/postgresql';
import { countHit, deleteCounter, readCounter } from './rate-limit.repository.ts';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSec: number;
}

/**
 * Fixed-window counter kept in PostgreSQL (shared by every server instance). One atomic upsert
 * per hit: a window that has ended starts again at 1.
 */
export async function hitRateLimit(em: EntityManager, key: string, max: number, windowSec: number): Promise<RateLimitResult> {
  const row = (await countHit(em, key, windowSec)) ?? { count: 1, retry: windowSec };
  return { allowed: row.count <= max, count: row.count, retryAfterSec: Math.max(1, row.retry) };
}

/** Reads a counter without counting. */
export async function peekRateLimit(em: EntityManager, key: string, max: number, windowSec: number): Promise<RateLimitResult> {
  const row = await readCounter(em, key, windowSec);
  if (!row) return { allowed: true, count: 0, retryAfterSec: 0 };
  return { allowed: row.count < max, count: row.count, retryAfterSec: Math.max(1, row.retry) };
}

export async function resetRateLimit(em: EntityManager, key: string): Promise<void> {
  await deleteCounter(em, key);
}
