// A custom field's values on issues (`issues.custom_values`, jsonb keyed by field id): the rules a
// value is checked by, the users a `user` value may name, and the values a field's change or
// deletion takes away. Typed queries (db/kysely.ts); the checks are custom-values.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import { kysely } from '../../db/kysely.ts';

/** Active fields that apply to the project: scope all, or the project is chosen. */
const applicable = (eb: ExpressionBuilder<DB & { f: DB['custom_fields'] }, 'f'>, projectId: number) =>
  eb.and([
    eb('f.archived_at', 'is', null),
    eb.or([
      eb('f.scope', '=', 'all'),
      eb.exists(eb.selectFrom('custom_field_projects as cp').select(eb.lit(1).as('one')).whereRef('cp.field_id', '=', 'f.id').where('cp.project_id', '=', projectId)),
    ]),
  ]);

/** The active fields that apply to the project, with the ids of their options. */
export function fieldRules(em: EntityManager, projectId: number) {
  return kysely(em)
    .selectFrom('custom_fields as f')
    .select((eb) => [
      'f.id',
      'f.type',
      'f.required',
      'f.default_value',
      sql<number[]>`coalesce((${eb.selectFrom('custom_field_options as o').select(sql`array_agg(o.id)`.as('ids')).whereRef('o.field_id', '=', 'f.id')}), '{}')`.as('option_ids'),
    ])
    .where((eb) => applicable(eb, projectId))
    .execute();
}

/** Which of these user ids are users. */
export async function existingUserIds(em: EntityManager, ids: readonly number[]): Promise<number[]> {
  const rows = await kysely(em)
    .selectFrom('users')
    .select('id')
    .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
  return rows.map((r) => r.id);
}

/** How many issues hold a value for a field. */
export async function countValues(em: EntityManager, fieldId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('issues')
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where(sql<boolean>`jsonb_exists(custom_values, ${String(fieldId)})`)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Removes a field's value from every issue that holds one. */
export async function removeAllValues(em: EntityManager, fieldId: number): Promise<void> {
  const key = String(fieldId);
  await kysely(em)
    .updateTable('issues')
    .set({ custom_values: sql`custom_values - ${key}::text` })
    .where(sql<boolean>`jsonb_exists(custom_values, ${key})`)
    .execute();
}

/** Removes deleted options from issue values: a select loses its value, a multiselect the ids (and the key when none is left). */
export async function removeOptionValues(em: EntityManager, fieldId: number, type: string, optionIds: number[]): Promise<void> {
  if (!optionIds.length) return;
  const key = String(fieldId);
  const db = kysely(em);
  if (type === 'select') {
    await db
      .updateTable('issues')
      .set({ custom_values: sql`custom_values - ${key}::text` })
      .where(sql<boolean>`jsonb_typeof(custom_values -> ${key}::text) = 'number'`)
      .where(sql<boolean>`(custom_values ->> ${key}::text)::int = any(${optionIds}::int[])`)
      .execute();
    return;
  }
  // Each value's ids without the removed ones; an emptied value goes with its key.
  const kept = db
    .selectFrom('issues as s')
    .select([
      's.id',
      sql<string>`coalesce((select jsonb_agg(e) from jsonb_array_elements(s.custom_values -> ${key}::text) e where not ((e #>> '{}')::int = any(${optionIds}::int[]))), '[]'::jsonb)`.as('kept'),
    ])
    .where(sql<boolean>`jsonb_typeof(s.custom_values -> ${key}::text) = 'array'`)
    .where(sql<boolean>`exists (select 1 from jsonb_array_elements(s.custom_values -> ${key}::text) e where (e #>> '{}')::int = any(${optionIds}::int[]))`)
    .as('x');
  await db
    .updateTable('issues as i')
    .from(kept)
    .set({ custom_values: sql`case when x.kept = '[]'::jsonb then i.custom_values - ${key}::text else jsonb_set(i.custom_values, array[${key}::text], x.kept) end` })
    .whereRef('x.id', '=', 'i.id')
    .execute();
}
