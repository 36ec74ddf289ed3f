// The order of cards in a board column (issues' sort_order), as a board drag reads and writes it:
// typed queries (db/kysely.ts). The rule (midpoints, renumbering) is issue-move.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** A column: the issues of one project in one status. */
export interface Column {
  projectId: number;
  statusId: number;
}

/** The sort order of another issue of the column; undefined when it is not there. */
export async function sortOrderIn(em: EntityManager, column: Column, id: number, movingId: number): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('issues')
    .select('sort_order')
    .where('id', '=', id)
    .where('project_id', '=', column.projectId)
    .where('status_id', '=', column.statusId)
    .where('id', '<>', movingId)
    .executeTakeFirst();
  return row?.sort_order;
}

/** Spreads the column's orders out again: `step`, 2 × `step`, … in their current order. */
export async function renumberColumn(em: EntityManager, column: Column, step: number): Promise<void> {
  const db = kysely(em);
  const ranks = db
    .selectFrom('issues')
    .select((eb) => ['id', eb.fn.agg<number>('row_number').over((over) => over.orderBy('sort_order').orderBy('id')).as('rn')])
    .where('project_id', '=', column.projectId)
    .where('status_id', '=', column.statusId)
    .as('o');
  await db
    .updateTable('issues as i')
    .from(ranks)
    .set((eb) => ({ sort_order: eb('o.rn', '*', eb.lit(step)) }))
    .whereRef('o.id', '=', 'i.id')
    .execute();
}

/** The highest sort order among the column's other issues; null when it has none. */
export async function maxSortOrderIn(em: EntityManager, column: Column, movingId: number): Promise<number | null> {
  const row = await kysely(em)
    .selectFrom('issues')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('project_id', '=', column.projectId)
    .where('status_id', '=', column.statusId)
    .where('id', '<>', movingId)
    .executeTakeFirstOrThrow();
  return row.m;
}

/** Places an issue at `order` in its column and marks it updated. */
export async function setSortOrder(em: EntityManager, issueId: number, order: number): Promise<void> {
  await kysely(em).updateTable('issues').set({ sort_order: order, updated_at: sql<string>`now()` }).where('id', '=', issueId).execute();
}
