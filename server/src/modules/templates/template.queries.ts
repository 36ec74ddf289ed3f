import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES, type Priority } from '@tracker/shared/api/issues';
import type { IssueTemplate } from '@tracker/shared/api/templates';
import { intArray, iso, num } from '../../db/sql.ts';

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

// Labels deleted since the template was saved are left out here, so a template never offers them.
const SELECT = `select t.id, t.project_id, t.name, t.title_pattern, t.description,
       coalesce((select array_agg(l.id order by array_position(t.label_ids, l.id)) from labels l
                  where l.id = any(t.label_ids) and l.project_id = t.project_id), '{}') as label_ids,
       t.priority, t.assignee_id, t.estimate, t.due_in_days, t.custom_values, t.checklist, t.position, t.created_at, t.updated_at
  from issue_templates t`;

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
  const rows = await em.execute<TemplateRow[]>(`${SELECT} where t.project_id = ? order by t.position, lower(t.name), t.id`, [projectId]);
  return rows.map(toTemplateDto);
}

export async function selectTemplate(em: EntityManager, id: number, lock = false): Promise<IssueTemplate | null> {
  if (lock) await em.execute('select id from issue_templates where id = ? for update', [id]);
  const [row] = await em.execute<TemplateRow[]>(`${SELECT} where t.id = ?`, [id]);
  return row ? toTemplateDto(row) : null;
}

/** `KEY-N` of each issue id, for the apply answer. */
export async function issueKeys(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const rows = await em.execute<{ id: number; key: string }[]>(
    `select i.id, p.key || '-' || i.number as key from issues i join projects p on p.id = i.project_id where i.id = any(?::int[])`,
    [intArray(ids)],
  );
  return new Map(rows.map((r) => [r.id, r.key]));
}
