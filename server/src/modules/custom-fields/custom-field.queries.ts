import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

export interface FieldRow {
  id: number;
  type: string;
  name_ru: string;
  name_en: string;
  description_ru: string;
  description_en: string;
  required: boolean;
  default_value: unknown;
  scope: string;
  position: number;
  archived_at: Date | string | null;
  options: { id: number; name: string; color: string; position: number }[];
  project_ids: number[];
  value_count: number;
}

export interface FieldFilter {
  ids?: number[];
  archived?: '0' | '1' | 'all';
  /** Only fields applying to this project (scope all, or chosen). */
  projectId?: number;
  /** Count the issues holding a value (admin views only: it reads the issues' values). */
  withCounts?: boolean;
  /** Only fields applying to a project this viewer can see, listing only those projects. */
  visibleTo?: Viewer;
}

/** Fields with their options, chosen projects and (optionally) value counts, in one query. */
export async function selectFields(em: EntityManager, filter: FieldFilter): Promise<FieldRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const visible = filter.visibleTo ? visibleProjectsCondition(filter.visibleTo, 'p') : null;
  // The chosen projects a field shows (and applies to): those the viewer can see.
  const chosen = visible
    ? `custom_field_projects cp join projects p on p.id = cp.project_id where cp.field_id = f.id and ${visible.sql}`
    : 'custom_field_projects cp where cp.field_id = f.id';
  if (visible) {
    where.push(`(f.scope = 'all' or exists (select 1 from ${chosen}))`);
    params.push(...visible.params);
  }
  if (filter.ids) {
    where.push('f.id = any(?::int[])');
    params.push(`{${filter.ids.join(',')}}`);
  }
  if (filter.archived === '0') where.push('f.archived_at is null');
  if (filter.archived === '1') where.push('f.archived_at is not null');
  if (filter.projectId !== undefined) {
    where.push(`(f.scope = 'all' or exists (select 1 from custom_field_projects cp where cp.field_id = f.id and cp.project_id = ?))`);
    params.push(filter.projectId);
  }
  // A list counts every field's values in one pass over the issues; a lookup by id counts its own.
  const perField = !!filter.ids;
  const counts = filter.withCounts && !perField
    ? `left join (select k, count(*)::int as n from issues i cross join lateral jsonb_object_keys(i.custom_values) k group by k) c on c.k = f.id::text`
    : '';
  return em.execute<FieldRow[]>(
    `select f.id, f.type, f.name_ru, f.name_en, f.description_ru, f.description_en, f.required, f.default_value, f.scope,
            f.position, f.archived_at,
            coalesce((select json_agg(json_build_object('id', o.id, 'name', o.name, 'color', o.color, 'position', o.position) order by o.position, o.id)
                        from custom_field_options o where o.field_id = f.id), '[]'::json) as options,
            coalesce((select array_agg(cp.project_id order by cp.project_id) from ${chosen}), '{}') as project_ids,
            ${!filter.withCounts ? '0' : perField ? '(select count(*)::int from issues i where jsonb_exists(i.custom_values, f.id::text))' : 'coalesce(c.n, 0)'} as value_count
       from custom_fields f ${counts}
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by f.position, f.id`,
    [...(visible?.params ?? []), ...params],
  );
}

/** How many issues hold a value for a field. */
export async function countValues(em: EntityManager, fieldId: number): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`select count(*)::int as n from issues where jsonb_exists(custom_values, ?)`, [String(fieldId)]);
  return row?.n ?? 0;
}

/** Removes a field's value from every issue that holds one. */
export async function removeAllValues(em: EntityManager, fieldId: number): Promise<void> {
  const key = String(fieldId);
  await em.execute(`update issues set custom_values = custom_values - ? where jsonb_exists(custom_values, ?)`, [key, key]);
}

/** Removes deleted options from issue values: a select loses its value, a multiselect the ids (and the key when none is left). */
export async function removeOptionValues(em: EntityManager, fieldId: number, type: string, optionIds: number[]): Promise<void> {
  if (!optionIds.length) return;
  const key = String(fieldId);
  const removed = `{${optionIds.join(',')}}`;
  if (type === 'select') {
    await em.execute(
      `update issues set custom_values = custom_values - ?
        where jsonb_typeof(custom_values -> ?) = 'number' and (custom_values ->> ?)::int = any(?::int[])`,
      [key, key, key, removed],
    );
    return;
  }
  await em.execute(
    `update issues i
        set custom_values = case when x.kept = '[]'::jsonb then i.custom_values - ? else jsonb_set(i.custom_values, array[?], x.kept) end
       from (select s.id,
                    coalesce((select jsonb_agg(e) from jsonb_array_elements(s.custom_values -> ?) e where not ((e #>> '{}')::int = any(?::int[]))), '[]'::jsonb) as kept
               from issues s
              where jsonb_typeof(s.custom_values -> ?) = 'array'
                and exists (select 1 from jsonb_array_elements(s.custom_values -> ?) e where (e #>> '{}')::int = any(?::int[]))) x
      where x.id = i.id`,
    [key, key, key, removed, key, key, removed],
  );
}
