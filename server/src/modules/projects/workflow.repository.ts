// A project's workflow (its statuses, in order) and its labels, as the workflow service changes
// them, with the issues a status change carries along: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';

export interface StatusRow {
  id: number;
  category: StatusCategory;
  waiting: boolean;
}

/** A status's editable columns. */
export interface StatusFields {
  name: string;
  category: StatusCategory;
  color: string;
  waiting?: boolean;
}

/** A label's editable columns. */
export interface LabelFields {
  name: string;
  color: string;
}

const now = () => sql<string>`now()`;

/**
 * A project's statuses in workflow order, locked until the transaction ends, so concurrent workflow
 * changes see each other's result (the last completed status, the one triage status).
 */
export function lockedStatuses(em: EntityManager, projectId: number): Promise<StatusRow[]> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'category', 'waiting'])
    .$narrowType<{ category: StatusCategory }>()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** A new status at the end of the project's workflow; its id. */
export async function insertStatus(em: EntityManager, projectId: number, status: StatusFields): Promise<number> {
  const row = await kysely(em)
    .insertInto('statuses')
    .values((eb) => ({
      project_id: projectId,
      name: status.name,
      category: status.category,
      color: status.color,
      waiting: status.waiting ?? false,
      position: eb
        .selectFrom('statuses')
        .select((s) => s.fn.coalesce(s(s.fn.max('position'), '+', s.lit(1)), s.lit(0)).as('next'))
        .where('project_id', '=', projectId),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the given columns of a status (the others stay). */
export async function updateStatusFields(em: EntityManager, statusId: number, patch: Partial<StatusFields>): Promise<void> {
  await kysely(em).updateTable('statuses').set({ name: patch.name, category: patch.category, color: patch.color, waiting: patch.waiting }).where('id', '=', statusId).execute();
}

/** Keeps the completed_at of a status's issues in step with its category after the category changed. */
export async function syncCompletedAt(em: EntityManager, statusId: number): Promise<void> {
  await kysely(em)
    .updateTable('issues as i')
    .from('statuses as s')
    .set((eb) => ({
      completed_at: eb.case().when('s.category', '=', 'completed').then(eb.fn.coalesce('i.completed_at', now())).else(null).end(),
    }))
    .whereRef('s.id', '=', 'i.status_id')
    .where('i.status_id', '=', statusId)
    .execute();
}

/**
 * Moves every issue of status `from` to status `to`, setting or clearing completed_at by the new
 * status's category; the ids of the issues moved, for their activity.
 */
export async function moveIssuesToStatus(em: EntityManager, from: number, to: number): Promise<number[]> {
  const rows = await kysely(em)
    .updateTable('issues as i')
    .from('statuses as t')
    .set((eb) => ({
      status_id: to,
      updated_at: now(),
      completed_at: eb.case().when('t.category', '=', 'completed').then(eb.fn.coalesce('i.completed_at', now())).else(null).end(),
    }))
    .where('t.id', '=', to)
    .where('i.status_id', '=', from)
    .returning('i.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes a status (its issues were moved first). */
export async function deleteStatusRow(em: EntityManager, statusId: number): Promise<void> {
  await kysely(em).deleteFrom('statuses').where('id', '=', statusId).execute();
}

/** Puts statuses in the order of `ids` (positions 0, 1, …). */
export async function setStatusOrder(em: EntityManager, ids: readonly number[]): Promise<void> {
  // `unnest … with ordinality` numbers the ids in one statement; the builder has no form for its column aliases.
  await sql`update statuses s set position = o.ord - 1 from unnest(${intArray(ids)}::int[]) with ordinality as o(id, ord) where s.id = o.id`.execute(kysely(em));
}

/** A new label of a project; its id. */
export async function insertLabel(em: EntityManager, projectId: number, label: LabelFields): Promise<number> {
  const row = await kysely(em).insertInto('labels').values({ project_id: projectId, name: label.name, color: label.color }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the given columns of a label (the others stay). */
export async function updateLabelFields(em: EntityManager, labelId: number, patch: Partial<LabelFields>): Promise<void> {
  await kysely(em).updateTable('labels').set({ name: patch.name, color: patch.color }).where('id', '=', labelId).execute();
}

/** Deletes a label (issue_labels rows go with it). */
export async function deleteLabelRow(em: EntityManager, labelId: number): Promise<void> {
  await kysely(em).deleteFrom('labels').where('id', '=', labelId).execute();
}

/** The project a status or a label belongs to, if it exists. */
export async function projectIdOf(em: EntityManager, table: 'statuses' | 'labels', id: number): Promise<number | null> {
  const row = await kysely(em).selectFrom(table).select('project_id').where('id', '=', id).executeTakeFirst();
  return row?.project_id ?? null;
}
