import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue.mapper.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

/** The most issues one calendar range or one ICS feed returns. */
export const CALENDAR_LIMIT = 2000;
export const FEED_LIMIT = 5000;

export interface CalendarFilter {
  from: string;
  to: string;
  mine: boolean;
  projectId?: number;
  streamId?: number;
}

/**
 * Issues visible to the viewer placed on the calendar: a start→due span (or the single date that
 * is set) intersecting [from, to]. One query: labels, streams and comment counts are subselects.
 */
export async function selectCalendarIssues(em: EntityManager, viewer: Viewer, filter: CalendarFilter): Promise<IssueRow[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const where = [visible.sql, '(i.start_date is not null or i.due_date is not null)', 'coalesce(i.start_date, i.due_date) <= ?::date', 'coalesce(i.due_date, i.start_date) >= ?::date'];
  const params: unknown[] = [...visible.params, filter.to, filter.from];
  if (filter.mine) {
    where.push('i.assignee_id = ?');
    params.push(viewer.id);
  }
  if (filter.projectId !== undefined) {
    where.push('i.project_id = ?');
    params.push(filter.projectId);
  }
  if (filter.streamId !== undefined) {
    where.push('exists (select 1 from issue_streams fs where fs.issue_id = i.id and fs.stream_id = ?)');
    params.push(filter.streamId);
  }
  return em.execute<IssueRow[]>(
    `select ${ISSUE_ROW_COLUMNS}
       from issues i
       join projects p on p.id = i.project_id
       left join users au on au.id = i.assignee_id
      where ${where.join(' and ')}
      order by coalesce(i.start_date, i.due_date), i.id
      limit ${CALENDAR_LIMIT}`,
    params,
  );
}

export interface FeedIssueRow {
  id: number;
  key: string;
  title: string;
  start_date: string | null;
  due_date: string | null;
  status_name: string;
  updated_at: string;
}

export type FeedScope = { scope: 'user' } | { scope: 'project'; projectId: number } | { scope: 'stream'; streamId: number };

/**
 * The dated issues of an ICS feed, as its owner may see them now: the user scope is what they are
 * assigned to or watch; project and stream scopes are those issues.
 */
export async function selectFeedIssues(em: EntityManager, owner: Viewer, feed: FeedScope): Promise<FeedIssueRow[]> {
  const visible = visibleProjectsCondition(owner, 'p');
  const scope =
    feed.scope === 'user'
      ? { sql: '(i.assignee_id = ? or exists (select 1 from issue_watchers w where w.issue_id = i.id and w.user_id = ?))', params: [owner.id, owner.id] }
      : feed.scope === 'project'
        ? { sql: 'i.project_id = ?', params: [feed.projectId] }
        : { sql: 'exists (select 1 from issue_streams ist where ist.issue_id = i.id and ist.stream_id = ?)', params: [feed.streamId] };
  return em.execute<FeedIssueRow[]>(
    `select i.id, p.key || '-' || i.number as key, i.title, i.start_date::text as start_date, i.due_date::text as due_date,
            st.name as status_name, i.updated_at
       from issues i
       join projects p on p.id = i.project_id
       join statuses st on st.id = i.status_id
      where ${visible.sql} and ${scope.sql} and (i.start_date is not null or i.due_date is not null)
      order by coalesce(i.start_date, i.due_date) desc, i.id
      limit ${FEED_LIMIT}`,
    [...visible.params, ...scope.params],
  );
}
