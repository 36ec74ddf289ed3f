// Who an event concerns (concern.ts): present users, watchers, an activity's context, the due
// notices each day claims. Typed queries (db/kysely.ts); the statements built on shared SQL-text
// helpers (a user's zone, the project visibility rule) stay bound SQL text.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { localNow, localToday, userZone } from '../../db/local-date.ts';
import { intArray } from '../../db/sql.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

export interface ActivityConcernRow {
  action: string;
  field: string | null;
  old_value: any;
  new_value: any;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number;
  project_id: number;
  assignee_id: number | null;
}

/** Those of `userIds` (not empty) who are not blocked and may see the project, by id. */
export async function presentUserIds(em: EntityManager, userIds: number[], projectId: number): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select u.id from users u join projects p on p.id = ? where u.id = any(?::int[]) and u.blocked_at is null and ${userCanViewProjectSql('u', 'p')} order by u.id`,
    [projectId, intArray(userIds)],
  );
  return rows.map((r) => r.id);
}

/** The first reassignment of the issue after an activity row: its old value is the assignee the row saw. */
export async function laterAssigneeChange(em: EntityManager, issueId: number, activityId: number): Promise<{ old_value: unknown } | undefined> {
  return kysely(em)
    .selectFrom('activities')
    .select('old_value')
    .where('issue_id', '=', issueId)
    .where('field', '=', 'assigneeId')
    .where('id', '>', String(activityId))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The ids of an issue's watchers. */
export async function watcherIds(em: EntityManager, issueId: number): Promise<number[]> {
  const rows = await kysely(em).selectFrom('issue_watchers').select('user_id').where('issue_id', '=', issueId).execute();
  return rows.map((r) => r.user_id);
}

/** A comment's body; undefined once it is gone. */
export async function commentBody(em: EntityManager, commentId: number): Promise<string | undefined> {
  const row = await kysely(em).selectFrom('comments').select('body').where('id', '=', commentId).executeTakeFirst();
  return row?.body;
}

/** An activity row with its actor's name and its issue's project and assignee. */
export async function activityForConcern(em: EntityManager, activityId: number): Promise<ActivityConcernRow | undefined> {
  return kysely(em)
    .selectFrom('activities as a')
    .innerJoin('issues as i', 'i.id', 'a.issue_id')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select(['a.action', 'a.field', 'a.old_value', 'a.new_value', 'a.actor_id', 'actor.name as actor_name', 'a.issue_id', 'i.project_id', 'i.assignee_id'])
    .where('a.id', '=', String(activityId))
    .$narrowType<{ issue_id: number }>()
    .executeTakeFirst();
}

/** Who a comment of the issue mentions (its `mentioned` activity rows). */
export async function mentionedByComment(em: EntityManager, issueId: number, commentId: number): Promise<{ user_id: number }[]> {
  return kysely(em)
    .selectFrom('activities')
    .select(sql<number>`(new_value ->> 'userId')::int`.as('user_id'))
    .where('issue_id', '=', issueId)
    .where('action', '=', 'mentioned')
    .where(sql<string>`new_value ->> 'commentId'`, '=', String(commentId))
    .execute();
}

/** The names of statuses by id. */
export async function statusNames(em: EntityManager, ids: number[]): Promise<{ id: number; name: string }[]> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name'])
    .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(ids)}::int[]`))
    .execute();
}

export interface DueNoticeRow {
  issue_id: number;
  project_id: number;
  assignee_id: number;
  due_date: string;
  kind: 'tomorrow' | 'today';
}

/**
 * Writes the due notices owed at `now` (open issues due tomorrow or today in their assignee's zone,
 * today's once their digest time has passed), each once, and returns those it wrote.
 */
export async function claimDueNotices(em: EntityManager, at: Date): Promise<DueNoticeRow[]> {
  const local = localNow(userZone({ sql: 'u.id', params: [] }), at);
  return em.execute<DueNoticeRow[]>(
    `with open_due as (
       select i.id, i.due_date, ${local.sql} as local_now, coalesce(ns.digest_time, 540) as morning
         from issues i join statuses s on s.id = i.status_id join users u on u.id = i.assignee_id
         left join notification_settings ns on ns.user_id = u.id
        where u.blocked_at is null and s.category not in ('completed', 'canceled') and i.due_date is not null),
     due as (
       insert into telegram_due_notices (issue_id, due_date, kind)
       select id, due_date, case when due_date = local_now::date then 'today' else 'tomorrow' end from open_due
        where due_date = local_now::date + 1 or (due_date = local_now::date and local_now::time >= make_time(morning / 60, morning % 60, 0))
       on conflict do nothing
       returning issue_id, due_date, kind)
     select d.issue_id, i.project_id, i.assignee_id, to_char(d.due_date, 'YYYY-MM-DD') as due_date, d.kind
       from due d join issues i on i.id = d.issue_id order by d.kind desc, d.issue_id`,
    local.params,
  );
}

/** An open issue with a due date, and how many days it is due from today in the user's zone. */
export async function openDueIssue(
  em: EntityManager,
  userId: number,
  issueId: number,
  at: Date,
): Promise<{ issue_id: number; project_id: number; due_date: string; days: number } | undefined> {
  const today = localToday(userZone({ sql: '?', params: [userId] }), at);
  const [d] = await em.execute<{ issue_id: number; project_id: number; due_date: string; days: number }[]>(
    `select i.id as issue_id, i.project_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
            i.due_date - ${today.sql} as days
       from issues i join statuses s on s.id = i.status_id
      where i.id = ? and i.due_date is not null and s.category not in ('completed', 'canceled')`,
    [...today.params, issueId],
  );
  return d;
}
