// The calendar's reads: the issues a range shows, and those of an ICS feed. Typed queries
// (db/kysely.ts); the feeds themselves are feeds.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
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
 * is set) intersecting [from, to], as issue list rows (ISSUE_ROW_COLUMNS). One query: labels,
 * streams and comment counts are subselects.
 */
export async function selectCalendarIssues(em: EntityManager, viewer: Viewer, filter: CalendarFilter): Promise<IssueRow[]> {
  const where = [
    sqlPart(visibleProjectsCondition(viewer, 'p')),
    sql`(i.start_date is not null or i.due_date is not null)`,
    sql`coalesce(i.start_date, i.due_date) <= ${filter.to}::date`,
    sql`coalesce(i.due_date, i.start_date) >= ${filter.from}::date`,
  ];
  if (filter.mine) where.push(sql`i.assignee_id = ${viewer.id}`);
  if (filter.projectId !== undefined) where.push(sql`i.project_id = ${filter.projectId}`);
  if (filter.streamId !== undefined) where.push(sql`exists (select 1 from issue_streams fs where fs.issue_id = i.id and fs.stream_id = ${filter.streamId})`);
  const { rows } = await sql<IssueRow>`select ${sql.raw(ISSUE_ROW_COLUMNS)}
       from issues i
       join projects p on p.id = i.project_id
       left join users au on au.id = i.assignee_id
      where ${sql.join(where, sql` and `)}
      order by coalesce(i.start_date, i.due_date), i.id
      limit ${sql.lit(CALENDAR_LIMIT)}`.execute(kysely(em));
  return rows;
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
export function selectFeedIssues(em: EntityManager, owner: Viewer, feed: FeedScope): Promise<FeedIssueRow[]> {
  return kysely(em)
    .selectFrom('issues as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .innerJoin('statuses as st', 'st.id', 'i.status_id')
    .select([
      'i.id',
      sql<string>`p.key || '-' || i.number`.as('key'),
      'i.title',
      sql<string | null>`i.start_date::text`.as('start_date'),
      sql<string | null>`i.due_date::text`.as('due_date'),
      'st.name as status_name',
      'i.updated_at',
    ])
    .where(sqlPart(visibleProjectsCondition(owner, 'p')))
    .where((eb) => {
      if (feed.scope === 'user') {
        return eb.or([eb('i.assignee_id', '=', owner.id), eb.exists(eb.selectFrom('issue_watchers as w').select(eb.lit(1).as('one')).whereRef('w.issue_id', '=', 'i.id').where('w.user_id', '=', owner.id))]);
      }
      if (feed.scope === 'project') return eb('i.project_id', '=', feed.projectId);
      return eb.exists(eb.selectFrom('issue_streams as ist').select(eb.lit(1).as('one')).whereRef('ist.issue_id', '=', 'i.id').where('ist.stream_id', '=', feed.streamId));
    })
    .where((eb) => eb.or([eb('i.start_date', 'is not', null), eb('i.due_date', 'is not', null)]))
    .orderBy(sql`coalesce(i.start_date, i.due_date)`, 'desc')
    .orderBy('i.id')
    .limit(FEED_LIMIT)
    .execute();
}
