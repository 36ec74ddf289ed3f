import { PRIORITIES, type IssueDetail, type IssueListItem } from '@tracker/shared/api/issues';
import { iso } from '../../db/sql.ts';

/** Columns every issue query selects under these names (see issue-list.repository.ts and issue-detail.repository.ts). */
export interface IssueRow {
  id: number;
  project_id: number;
  project_key: string;
  number: number;
  title: string;
  status_id: number;
  priority: number;
  assignee_id: number | null;
  assignee_name: string | null;
  label_ids: number[];
  stream_ids: number[];
  start_date: string | null;
  due_date: string | null;
  estimate: number | null;
  parent_id: number | null;
  cycle_id: number | null;
  milestone_id: number | null;
  sort_order: number;
  custom_values: Record<string, unknown> | null;
  comment_count: number;
  spent_minutes: number;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  recurrence: { rrule: string; mode: 'schedule' | 'on_complete'; nextAt: string | null } | null;
  sla: { respondBy: string | null; resolveBy: string | null; respondedAt: string | null; breached: boolean; paused: boolean } | null;
}

/** An issue's SLA (`IssueSla`) as JSON, or null without a deadline: a subselect over `issues i`. */
export const ISSUE_SLA_JSON = `(select json_build_object('respondBy', sl.respond_by, 'resolveBy', sl.resolve_by, 'respondedAt', sl.responded_at,
     'breached', sl.respond_breached_at is not null or sl.resolve_breached_at is not null, 'paused', sl.paused_at is not null)
     from issue_sla sl where sl.issue_id = i.id and (sl.respond_by is not null or sl.resolve_by is not null))`;

/** The SQL select list for IssueRow, over `issues i`, `projects p`, `users au` (assignee). */
export const ISSUE_ROW_COLUMNS = `
  i.id, i.project_id, p.key as project_key, i.number, i.title, i.status_id, i.priority, i.assignee_id, au.name as assignee_name,
  array(select il.label_id from issue_labels il where il.issue_id = i.id order by il.label_id) as label_ids,
  array(select ist.stream_id from issue_streams ist where ist.issue_id = i.id order by ist.stream_id) as stream_ids,
  i.start_date, i.due_date, i.estimate::float8 as estimate, i.parent_id, i.cycle_id, i.milestone_id, i.sort_order, i.custom_values,
  (select count(*)::int from comments c where c.issue_id = i.id) as comment_count,
  (select coalesce(sum(te.minutes), 0)::int from time_entries te where te.issue_id = i.id) as spent_minutes,
  i.created_at, i.updated_at, i.completed_at,
  (select json_build_object('rrule', rr.rrule, 'mode', rr.mode, 'nextAt', rr.next_at) from recurrences rr where rr.issue_id = i.id) as recurrence,
  ${ISSUE_SLA_JSON} as sla`;

export function toIssueListItem(r: IssueRow): IssueListItem {
  return {
    id: r.id,
    key: `${r.project_key}-${r.number}`,
    projectId: r.project_id,
    number: r.number,
    title: r.title,
    statusId: r.status_id,
    priority: PRIORITIES[r.priority] ?? 'none',
    assignee: r.assignee_id != null ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    labelIds: r.label_ids,
    streamIds: r.stream_ids,
    startDate: r.start_date,
    dueDate: r.due_date,
    estimate: r.estimate,
    parentId: r.parent_id,
    cycleId: r.cycle_id,
    milestoneId: r.milestone_id,
    sortOrder: r.sort_order,
    customValues: r.custom_values ?? {},
    commentCount: r.comment_count,
    spentMinutes: r.spent_minutes,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    completedAt: iso(r.completed_at),
    recurrence: r.recurrence ? { ...r.recurrence, nextAt: iso(r.recurrence.nextAt) } : null,
    sla: r.sla ? { ...r.sla, respondBy: iso(r.sla.respondBy), resolveBy: iso(r.sla.resolveBy), respondedAt: iso(r.sla.respondedAt) } : null,
  };
}

export interface IssueDetailRow extends IssueRow {
  version: number;
  description: string;
  reporter_id: number | null;
  reporter_name: string | null;
  project_name: string;
  project_color: string;
  status: IssueDetail['status'];
  labels: IssueDetail['labels'];
  streams: IssueDetail['streams'];
  parent: IssueDetail['parent'];
  children: IssueDetail['children'];
  relations: IssueDetail['relations'];
  watchers: IssueDetail['watchers'];
  attachments: (Omit<IssueDetail['attachments'][number], 'createdAt'> & { createdAt: string })[];
  watching: boolean;
}

export function toIssueDetail(r: IssueDetailRow, descriptionHtml: string, can: string[]): IssueDetail {
  return {
    ...toIssueListItem(r),
    version: r.version,
    description: r.description,
    descriptionHtml,
    reporter: r.reporter_id != null ? { id: r.reporter_id, name: r.reporter_name ?? '' } : null,
    project: { id: r.project_id, key: r.project_key, name: r.project_name, color: r.project_color },
    status: r.status,
    labels: r.labels,
    streams: r.streams,
    parent: r.parent,
    children: r.children,
    relations: r.relations,
    watchers: r.watchers,
    attachments: r.attachments.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    watching: r.watching,
    can,
  };
}
