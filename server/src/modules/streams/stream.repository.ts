// What the stream service writes (streams, their members, their activity and their posted updates)
// and the reads its checks need: typed queries (db/kysely.ts). The stream pages' reads are
// stream-reads.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { intArray } from '../../db/sql.ts';

/** A stream's editable columns, as the requests name them. */
export interface StreamFields {
  name: string;
  description: string;
  status: string;
  leadId: number | null;
  startDate: string | null;
  targetDate: string | null;
}

/** One activity row: the field changed (null for the stream as a whole), its old and new value. */
export type StreamChange = [field: string | null, oldValue: unknown, newValue: unknown];

export interface UpdateRow {
  id: number;
  stream_id: number;
  author_id: number | null;
  author_name: string | null;
  body: string;
  health: string;
  created_at: string;
}

const now = () => sql<string>`now()`;
const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/** How many of these (distinct) ids are accounts: a lead or a member must name one. */
export async function countUsers(em: EntityManager, ids: readonly number[]): Promise<number> {
  const row = await kysely(em)
    .selectFrom('users')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(ids)}::int[]`))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** A new stream's row; its id. */
export async function insertStream(em: EntityManager, fields: StreamFields, createdBy: number): Promise<number> {
  const row = await kysely(em)
    .insertInto('streams')
    .values({
      name: fields.name,
      description: fields.description,
      status: fields.status,
      lead_id: fields.leadId,
      start_date: fields.startDate,
      target_date: fields.targetDate,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the given columns of a stream (the others stay) and its updated_at. */
export async function updateStreamFields(em: EntityManager, id: number, patch: Partial<StreamFields>): Promise<void> {
  await kysely(em)
    .updateTable('streams')
    .set({
      name: patch.name,
      description: patch.description,
      status: patch.status,
      lead_id: patch.leadId,
      start_date: patch.startDate,
      target_date: patch.targetDate,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a stream (its members, updates and issue links go with it). */
export async function deleteStreamRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('streams').where('id', '=', id).execute();
}

/** Makes `ids` the stream's members, replacing those it had (a repeated id counts once). */
export async function replaceStreamMembers(em: EntityManager, streamId: number, ids: readonly number[]): Promise<void> {
  const db = kysely(em);
  await db.deleteFrom('stream_members').where('stream_id', '=', streamId).execute();
  if (!ids.length) return;
  await db
    .insertInto('stream_members')
    .columns(['stream_id', 'user_id'])
    .expression(db.selectNoFrom((eb) => [eb.val(streamId).as('stream_id'), sql<number>`unnest(${intArray(ids)}::int[])`.as('user_id')]))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The stream's activity rows for one action by one person, one per change (values stored as JSON). */
export async function insertStreamActivities(em: EntityManager, streamId: number, actorId: number, action: string, changes: readonly StreamChange[]): Promise<void> {
  await kysely(em)
    .insertInto('activities')
    .values(
      changes.map(([field, oldValue, newValue]) => ({
        stream_id: streamId,
        actor_id: actorId,
        action,
        field,
        old_value: json(oldValue),
        new_value: json(newValue),
      })),
    )
    .execute();
}

/** A posted update with its author's name, if it exists. */
export async function selectUpdate(em: EntityManager, id: number): Promise<UpdateRow | null> {
  const row = await kysely(em)
    .selectFrom('stream_updates as su')
    .leftJoin('users as u', 'u.id', 'su.author_id')
    .select(['su.id', 'su.stream_id', 'su.author_id', 'u.name as author_name', 'su.body', 'su.health', 'su.created_at'])
    .where('su.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** A new update posted to a stream; its id. */
export async function insertUpdate(em: EntityManager, streamId: number, authorId: number, input: { body: string; health: string }): Promise<number> {
  const row = await kysely(em)
    .insertInto('stream_updates')
    .values({ stream_id: streamId, author_id: authorId, body: input.body, health: input.health })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An edited update's text and health, and its updated_at. */
export async function updateUpdateRow(em: EntityManager, id: number, body: string, health: string): Promise<void> {
  await kysely(em).updateTable('stream_updates').set({ body, health, updated_at: now() }).where('id', '=', id).execute();
}

/** Deletes a posted update. */
export async function deleteUpdateRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('stream_updates').where('id', '=', id).execute();
}
