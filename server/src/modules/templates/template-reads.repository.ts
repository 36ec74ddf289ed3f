// Reading issue templates, and the keys of the issues one made: typed queries (db/kysely.ts). What
// saving one writes is template.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES, type Priority } from '@tracker/shared/api/issues';
import type { IssueTemplate } from '@tracker/shared/api/templates';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { iso, num } from '../../db/sql.ts';

interface TemplateRow {
  id: number;
  project_id: number;
  name: string;
  title_pattern: string;
  description: string;
  label_ids: number[];
  priority: number;
  assignee_id: number | null;
  estimate: string | number | null;
  due_in_days: number | null;
  custom_values: Record<string, unknown> | null;
  checklist: string[] | null;
  position: number;
  created_at: string;
  updated_at: string;
}

/** A template's columns; labels deleted since it was saved are left out, so a template never offers them. */
function templateRows(em: EntityManager) {
  return kysely(em)
    .selectFrom('issue_templates as t')
    .select((eb) => [
      't.id',
      't.project_id',
      't.name',
      't.title_pattern',
      't.description',
      sql<number[]>`coalesce((${eb
        .selectFrom('labels as l')
        .select(sql`array_agg(l.id order by array_position(t.label_ids, l.id))`.as('ids'))
        .where(sql<boolean>`l.id = any(t.label_ids)`)
        .whereRef('l.project_id', '=', 't.project_id')}), '{}')`.as('label_ids'),
      't.priority',
      't.assignee_id',
      't.estimate',
      't.due_in_days',
      eb.ref('t.custom_values').$castTo<Record<string, unknown> | null>().as('custom_values'),
      eb.ref('t.checklist').$castTo<string[] | null>().as('checklist'),
      't.position',
      't.created_at',
      't.updated_at',
    ]);
}

export function toTemplateDto(row: TemplateRow): IssueTemplate {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    titlePattern: row.title_pattern,
    description: row.description,
    labelIds: row.label_ids.map(Number),
    priority: (PRIORITIES[row.priority] ?? 'none') as Priority,
    assigneeId: row.assignee_id,
    estimate: num(row.estimate),
    dueInDays: row.due_in_days,
    customValues: row.custom_values ?? {},
    checklist: row.checklist ?? [],
    position: row.position,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function selectTemplates(em: EntityManager, projectId: number): Promise<IssueTemplate[]> {
  const rows = await templateRows(em)
    .where('t.project_id', '=', projectId)
    .orderBy('t.position')
    .orderBy((eb) => eb.fn('lower', ['t.name']))
    .orderBy('t.id')
    .execute();
  return rows.map(toTemplateDto);
}

/** A template; with `lock`, its row stays locked until the transaction ends. */
export async function selectTemplate(em: EntityManager, id: number, lock = false): Promise<IssueTemplate | null> {
  if (lock) await kysely(em).selectFrom('issue_templates').select('id').where('id', '=', id).forUpdate().execute();
  const row = await templateRows(em).where('t.id', '=', id).executeTakeFirst();
  return row ? toTemplateDto(row) : null;
}

/** `KEY-N` of each issue id, for the apply answer. */
export async function issueKeys(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const rows = await kysely(em)
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .select(['i.id', sql<string>`p.key || '-' || i.number`.as('key')])
    .where('i.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .execute();
  return new Map(rows.map((r) => [r.id, r.key]));
}
