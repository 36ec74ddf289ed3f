// Reading custom fields: a field with its options, the projects it is limited to and how many issues
// hold a value for it. Typed queries (db/kysely.ts); what defining a field writes is
// custom-field.repository.ts's, its values on issues custom-values.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import type { FieldRow } from './custom-field.mapper.ts';

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

type FieldScope = ExpressionBuilder<DB & { f: DB['custom_fields'] }, 'f'>;

/** Every field's value count, in one pass over the issues' values. */
const VALUE_COUNTS = sql<{ k: string; n: number }>`(select k, count(*)::int as n from issues i cross join lateral jsonb_object_keys(i.custom_values) k group by k)`;

/** Fields with their options, chosen projects and (optionally) value counts, in one query. */
export function selectFields(em: EntityManager, filter: FieldFilter): Promise<FieldRow[]> {
  const visible = filter.visibleTo && sqlPart(visibleProjectsCondition(filter.visibleTo, 'p'));
  // The chosen projects a field shows (and applies to): those the viewer can see.
  const chosen = (eb: FieldScope) =>
    eb
      .selectFrom('custom_field_projects as cp')
      .$if(visible !== undefined, (q) => q.innerJoin('projects as p', 'p.id', 'cp.project_id').where(visible!))
      .whereRef('cp.field_id', '=', 'f.id');
  // A list counts every field's values in one pass over the issues; a lookup by id counts its own.
  const perField = !!filter.ids;
  const counts = filter.withCounts && !perField;
  return kysely(em)
    .selectFrom('custom_fields as f')
    .$if(!!counts, (q) => q.leftJoin(VALUE_COUNTS.as('c'), (join) => join.on(sql<boolean>`c.k = f.id::text`)))
    .select(['f.id', 'f.type', 'f.name_ru', 'f.name_en', 'f.description_ru', 'f.description_en', 'f.required', 'f.default_value', 'f.scope', 'f.position', 'f.archived_at'])
    .select((eb) => [
      sql<FieldRow['options']>`coalesce((${eb
        .selectFrom('custom_field_options as o')
        .select(sql`json_agg(json_build_object('id', o.id, 'name', o.name, 'color', o.color, 'position', o.position) order by o.position, o.id)`.as('options'))
        .whereRef('o.field_id', '=', 'f.id')}), '[]'::json)`.as('options'),
      sql<number[]>`coalesce((${chosen(eb).select(sql`array_agg(cp.project_id order by cp.project_id)`.as('ids'))}), '{}')`.as('project_ids'),
      (!filter.withCounts
        ? sql<number>`0`
        : perField
          ? sql<number>`(select count(*)::int from issues i where jsonb_exists(i.custom_values, f.id::text))`
          : sql<number>`coalesce(c.n, 0)`
      ).as('value_count'),
    ])
    .$if(visible !== undefined, (q) => q.where((eb) => eb.or([eb('f.scope', '=', 'all'), eb.exists(chosen(eb).select(eb.lit(1).as('one')))])))
    .$if(filter.ids !== undefined, (q) => q.where('f.id', '=', (eb) => eb.fn.any(eb.val(filter.ids!))))
    .$if(filter.archived === '0', (q) => q.where('f.archived_at', 'is', null))
    .$if(filter.archived === '1', (q) => q.where('f.archived_at', 'is not', null))
    .$if(filter.projectId !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('f.scope', '=', 'all'),
          eb.exists(eb.selectFrom('custom_field_projects as cp').select(eb.lit(1).as('one')).whereRef('cp.field_id', '=', 'f.id').where('cp.project_id', '=', filter.projectId!)),
        ]),
      ),
    )
    .orderBy('f.position')
    .orderBy('f.id')
    .execute();
}
