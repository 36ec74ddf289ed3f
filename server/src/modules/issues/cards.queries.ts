import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES } from '@tracker/shared/api/issues';
import type { IssueCard } from '@tracker/bot';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { intArray } from '../../db/sql.ts';

interface CardRow {
  id: number;
  key: string;
  title: string;
  status_id: number;
  status_name: string;
  category: string;
  priority: number;
  due_date: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  project_name: string;
}

const CARD_SELECT = `
  select i.id, p.key || '-' || i.number as key, i.title, s.id as status_id, s.name as status_name, s.category, i.priority,
         to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.assignee_id, au.name as assignee_name, p.name as project_name
    from issues i join projects p on p.id = i.project_id join statuses s on s.id = i.status_id
    left join users au on au.id = i.assignee_id`;

const toCard = (r: CardRow): IssueCard => ({
  id: r.id,
  key: r.key,
  title: r.title,
  statusId: r.status_id,
  statusName: r.status_name,
  statusCategory: r.category,
  priority: PRIORITIES[r.priority] ?? 'none',
  dueDate: r.due_date,
  assigneeId: r.assignee_id,
  assigneeName: r.assignee_name,
  projectName: r.project_name,
});

/** Cards of the given issues the viewer may see (`viewer` null: no visibility check, for notifications), in the ids' order. */
export async function cardsByIds(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<IssueCard[]> {
  if (!ids.length) return [];
  const visible = viewer ? visibleProjectsCondition(viewer, 'p') : { sql: 'true', params: [] };
  const rows = await em.execute<CardRow[]>(`${CARD_SELECT} where i.id = any(?::int[]) and ${visible.sql}`, [intArray(ids), ...visible.params]);
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Open issues assigned to the viewer; `dueBy` keeps only those due on or before that date. */
export async function assignedOpenCards(em: EntityManager, viewer: Viewer, dueBy: string | null, limit = 50): Promise<IssueCard[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const rows = await em.execute<CardRow[]>(
    `${CARD_SELECT}
      where i.assignee_id = ? and s.category not in ('completed', 'canceled') and p.archived_at is null and ${visible.sql}
        ${dueBy ? 'and i.due_date <= ?::date' : ''}
      order by i.due_date nulls last, case when i.priority = 0 then 5 else i.priority end, i.id
      limit ?`,
    [viewer.id, ...visible.params, ...(dueBy ? [dueBy] : []), limit],
  );
  return rows.map(toCard);
}
