// What the breach scan reads and marks (docs/sla.md): the running clocks whose deadline has passed,
// off the partial indexes that hold only running clocks, locked so two replicas' ticks share them
// out; and who hears of a breach. Typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';
import { sql } from 'kysely';

export type BreachKind = 'respond' | 'resolve';

export interface DueClock {
  issue_id: number;
  project_id: number;
  assignee_id: number | null;
}

/**
 * Up to `limit` clocks of this kind running past their deadline at `now`, locked until the
 * transaction ends; rows another tick holds are skipped. Each with its issue's project and assignee.
 */
export async function lockDueClocks(em: EntityManager, kind: BreachKind, now: Date, limit: number): Promise<DueClock[]> {
  const by = kind === 'respond' ? 's.respond_by' : 's.resolve_by';
  const q = kysely(em)
    .selectFrom('issue_sla as s')
    .innerJoin('issues as i', 'i.id', 's.issue_id')
    .select(['s.issue_id', 'i.project_id', 'i.assignee_id'])
    .where('s.paused_at', 'is', null)
    .where(by, 'is not', null)
    .where(by, '<=', now.toISOString());
  const running =
    kind === 'respond'
      ? q.where('s.respond_breached_at', 'is', null).where('s.responded_at', 'is', null)
      : q.where('s.resolve_breached_at', 'is', null).where('s.resolved_at', 'is', null);
  return running.orderBy(by).limit(limit).forUpdate('s').skipLocked().execute();
}

/** Marks these clocks' deadline of this kind missed at `now`. */
export async function markBreached(em: EntityManager, kind: BreachKind, issueIds: readonly number[], now: Date): Promise<void> {
  if (!issueIds.length) return;
  await kysely(em)
    .updateTable('issue_sla')
    .set(kind === 'respond' ? { respond_breached_at: now.toISOString() } : { resolve_breached_at: now.toISOString() })
    .where('issue_id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(issueIds)}::int[]`))
    .execute();
}

/** The owners of each of these projects. */
export async function projectOwners(em: EntityManager, projectIds: readonly number[]): Promise<Map<number, number[]>> {
  const owners = new Map<number, number[]>();
  if (!projectIds.length) return owners;
  const rows = await kysely(em)
    .selectFrom('project_members')
    .select(['project_id', 'user_id'])
    .where('project_id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(projectIds)}::int[]`))
    .where('role', '=', 'owner')
    .orderBy('user_id')
    .execute();
  for (const r of rows) owners.set(r.project_id, [...(owners.get(r.project_id) ?? []), r.user_id]);
  return owners;
}
