import type { IssueListItem } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/issues';
import { iso } from '../projects/sql.ts';
import type { CalendarIssueRow } from './calendar.queries.ts';

export function toCalendarIssue(r: CalendarIssueRow): IssueListItem {
  return {
    id: r.id,
    key: r.key,
    projectId: r.project_id,
    number: r.number,
    title: r.title,
    statusId: r.status_id,
    priority: PRIORITIES[r.priority] ?? 'none',
    assignee: r.assignee_id != null ? { id: r.assignee_id, name: r.assignee_name ?? '' } : null,
    labelIds: r.label_ids.map(Number),
    streamIds: r.stream_ids.map(Number),
    startDate: r.start_date,
    dueDate: r.due_date,
    estimate: r.estimate == null ? null : Number(r.estimate),
    parentId: r.parent_id,
    sortOrder: Number(r.sort_order),
    customValues: r.custom_values ?? {},
    commentCount: r.comment_count,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    completedAt: iso(r.completed_at),
  };
}
