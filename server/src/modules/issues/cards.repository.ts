// The issue cards the bot and notifications show: typed queries (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITIES } from '@tracker/shared/api/issues';
import type { IssueCard } from '@tracker/bot';
import { sql } from 'kysely';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import type { IssueSla } from '@tracker/shared/api/sla';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { iso } from '../../db/sql.ts';
import { ISSUE_SLA_JSON } from './issue.mapper.ts';

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
  completed_at: string | null;
  sla: IssueSla | null;
}

/** The cards' columns: the issue with its key, status, assignee and project. */
function cardRows(em: EntityManager) {
  return kysely(em)
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('statuses as s', 's.id', 'i.status_id')
    .leftJoin('users as au', 'au.id', 'i.assignee_id')
    .select([
      'i.id',
      sql<string>`p.key || '-' || i.number`.as('key'),
      'i.title',
      's.id as status_id',
      's.name as status_name',
      's.category',
      'i.priority',
      sql<string | null>`to_char(i.due_date, 'YYYY-MM-DD')`.as('due_date'),
      'i.assignee_id',
      'au.name as assignee_name',
      'p.name as project_name',
      'i.completed_at',
      sql<IssueSla | null>`${sql.raw(ISSUE_SLA_JSON)}`.as('sla'),
    ]);
}

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
  completedAt: iso(r.completed_at),
  sla: r.sla,
});

/** Cards of the given issues the viewer may see (`viewer` null: no visibility check, for notifications), in the ids' order. */
export async function cardsByIds(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<IssueCard[]> {
  if (!ids.length) return [];
  const rows = await cardRows(em)
    .where('i.id', '=', (eb) => eb.fn.any(eb.val(ids)))
    .$if(viewer !== null, (q) => q.where(sqlPart(visibleProjectsCondition(viewer!, 'p'))))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Open issues assigned to the viewer; `dueBy` keeps only those due on or before that date. */
export async function assignedOpenCards(em: EntityManager, viewer: Viewer, dueBy: string | null, limit = 50): Promise<IssueCard[]> {
  const rows = await cardRows(em)
    .where('i.assignee_id', '=', viewer.id)
    .where('s.category', 'not in', ['completed', 'canceled'])
    .where('p.archived_at', 'is', null)
    .where(sqlPart(visibleProjectsCondition(viewer, 'p')))
    .$if(dueBy !== null, (q) => q.where('i.due_date', '<=', dueBy!))
    .orderBy('i.due_date', (ob) => ob.asc().nullsLast())
    .orderBy(sql`case when i.priority = 0 then 5 else i.priority end`)
    .orderBy('i.id')
    .limit(limit)
    .execute();
  return rows.map(toCard);
}
