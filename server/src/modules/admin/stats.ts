import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStats } from '@tracker/shared/api/admin';
import { dailyCounts, totalCounts } from './stats.repository.ts';

export const STATS_DAYS = 30;

/** Counts and the last 30 days of sign-ups and new issues (UTC days), in two queries. */
export async function adminStats(em: EntityManager): Promise<AdminStats> {
  const counts = await totalCounts(em);
  const daily = await dailyCounts(em, STATS_DAYS);
  return { counts, daily };
}
