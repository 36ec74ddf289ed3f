// What defining, changing, archiving and deleting a custom field reads and writes: the field's row,
// its options and the projects it is limited to. Typed queries (db/kysely.ts); the rules are the
// service's (custom-field.service.ts). Reading fields is custom-field-reads.repository.ts's, their
// values on issues custom-values.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** A field's own columns as the service writes them; `defaultValue` is stored as JSON (null for none). */
export interface FieldValues {
  type: string;
  nameRu: string;
  nameEn: string;
  descriptionRu: string;
  descriptionEn: string;
  required: boolean;
  scope: string;
  defaultValue: unknown;
  position: number;
}

const jsonb = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** How many of these (distinct) project ids exist: a field may be limited to real projects only. */
export async function countProjects(em: EntityManager, projectIds: readonly number[]): Promise<number> {
  const row = await kysely(em)
    .selectFrom('projects')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where('id', '=', (eb) => eb.fn.any(eb.val(projectIds)))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether a user exists, for a default value of a `user` field. */
export async function userExists(em: EntityManager, userId: number): Promise<boolean> {
  return (await kysely(em).selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

/** The ids of a field's options, which an options edit may keep, rename or drop. */
export async function optionIds(em: EntityManager, fieldId: number): Promise<number[]> {
  const rows = await kysely(em).selectFrom('custom_field_options').select('id').where('field_id', '=', fieldId).execute();
  return rows.map((r) => r.id);
}

/** Options left out of an options edit. */
export async function deleteOptions(em: EntityManager, ids: readonly number[]): Promise<void> {
  await kysely(em)
    .deleteFrom('custom_field_options')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
}

/** An option kept by an options edit, with its new name, colour and place. */
export async function updateOption(em: EntityManager, id: number, option: { name: string; color: string; position: number }): Promise<void> {
  await kysely(em).updateTable('custom_field_options').set({ name: option.name, color: option.color, position: option.position }).where('id', '=', id).execute();
}

/** An option added by an options edit; returns its id. */
export async function insertOption(em: EntityManager, fieldId: number, option: { name: string; color: string; position: number }): Promise<number> {
  const row = await kysely(em)
    .insertInto('custom_field_options')
    .values({ field_id: fieldId, name: option.name, color: option.color, position: option.position })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Forgets which projects a field is limited to, before they are set again. */
export async function clearFieldProjects(em: EntityManager, fieldId: number): Promise<void> {
  await kysely(em).deleteFrom('custom_field_projects').where('field_id', '=', fieldId).execute();
}

/** Limits a field to these projects (a repeated id counts once). */
export async function addFieldProjects(em: EntityManager, fieldId: number, projectIds: readonly number[]): Promise<void> {
  const db = kysely(em);
  await db
    .insertInto('custom_field_projects')
    .columns(['field_id', 'project_id'])
    .expression(db.selectNoFrom((eb) => [eb.val(fieldId).as('field_id'), sql<number>`unnest(${projectIds}::int[])`.as('project_id')]))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A field's own columns, as the table names them. */
const fieldColumns = (field: Omit<FieldValues, 'defaultValue' | 'position'>) => ({
  type: field.type,
  name_ru: field.nameRu,
  name_en: field.nameEn,
  description_ru: field.descriptionRu,
  description_en: field.descriptionEn,
  required: field.required,
  scope: field.scope,
});

/** A new field, placed after every other, without its default value yet (its options need ids first); returns its id. */
export async function insertField(em: EntityManager, field: Omit<FieldValues, 'defaultValue' | 'position'>): Promise<number> {
  const row = await kysely(em)
    .insertInto('custom_fields')
    .values((eb) => ({
      ...fieldColumns(field),
      position: eb.selectFrom('custom_fields').select((s) => s(s.fn.coalesce(s.fn.max('position'), s.lit(-1)), '+', s.lit(1)).as('next')),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new field's default value, once its options have ids. */
export async function setDefaultValue(em: EntityManager, id: number, defaultValue: unknown): Promise<void> {
  await kysely(em).updateTable('custom_fields').set({ default_value: jsonb(defaultValue) }).where('id', '=', id).execute();
}

/** Locks a field for the rest of the transaction; false when there is none. */
export async function lockField(em: EntityManager, id: number): Promise<boolean> {
  return (await kysely(em).selectFrom('custom_fields').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}

/** A changed field's columns, all of them. */
export async function updateFieldRow(em: EntityManager, id: number, field: FieldValues): Promise<void> {
  await kysely(em)
    .updateTable('custom_fields')
    .set({
      ...fieldColumns(field),
      default_value: jsonb(field.defaultValue),
      position: field.position,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Archives a field (keeping the first archive time) or brings it back; false when there is none. */
export async function setFieldArchived(em: EntityManager, id: number, archived: boolean): Promise<boolean> {
  const row = await kysely(em)
    .updateTable('custom_fields')
    .set((eb) => ({ archived_at: archived ? eb.fn.coalesce('archived_at', sql<string>`now()`) : null, updated_at: sql<string>`now()` }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The field's row itself (its values on issues go first). */
export async function deleteFieldRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('custom_fields').where('id', '=', id).execute();
}
