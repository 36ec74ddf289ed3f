// Who an event on an issue concerns, and why: the one answer that the inbox and the Telegram
// notifications both act on (issue 15, item 6: "the same events as the bot's notifications").
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxData, InboxKind } from '@tracker/shared/api/inbox';
import { localNow, localToday, userZone } from '../../db/local-date.ts';
import { intArray } from '../../db/sql.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

/** `dueToday` reaches Telegram only: the inbox already holds the day-before notice. */
export type ConcernKind = InboxKind | 'dueToday';

export interface Concern {
  kind: ConcernKind;
  /** The activity row it comes from; null for a due-date notice. */
  activityId: number | null;
  issueId: number;
  projectId: number;
  actorId: number | null;
  actorName: string | null;
  /** The people it concerns: never the actor, only unblocked users who may still see the project. */
  userIds: number[];
  data: InboxData;
  /** Also announced in the project's and streams' group chats (Telegram). */
  groups: 'created' | 'statusChanged' | null;
}

const EXCERPT_LENGTH = 140;

interface ActivityRow {
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

/** Those of `userIds` who are not blocked and may see the project. */
async function present(em: EntityManager, userIds: number[], projectId: number): Promise<number[]> {
  if (!userIds.length) return [];
  const rows = await em.execute<{ id: number }[]>(
    `select u.id from users u join projects p on p.id = ? where u.id = any(?::int[]) and u.blocked_at is null and ${userCanViewProjectSql('u', 'p')} order by u.id`,
    [projectId, intArray(userIds)],
  );
  return rows.map((r) => r.id);
}

/**
 * The job may run after later changes (a busy worker, a retry): the issue's assignee then is not
 * the one it was created with, who is the first later reassignment's old value, if there is one.
 */
async function assigneeAtCreation(em: EntityManager, activityId: number, issueId: number, current: number | null): Promise<number | null> {
  const [later] = await em.execute<{ old_value: unknown }[]>(
    `select old_value from activities where issue_id = ? and field = 'assigneeId' and id > ? order by id limit 1`,
    [issueId, activityId],
  );
  if (!later) return current;
  return later.old_value == null ? null : Number(later.old_value);
}

async function watchers(em: EntityManager, issueId: number): Promise<number[]> {
  const rows = await em.execute<{ user_id: number }[]>('select user_id from issue_watchers where issue_id = ?', [issueId]);
  return rows.map((r) => r.user_id);
}

/** The opening of a comment as one line, or null when it is gone. */
async function excerptOf(em: EntityManager, commentId: number): Promise<string | null> {
  const [c] = await em.execute<{ body: string }[]>('select body from comments where id = ?', [commentId]);
  if (!c) return null;
  const line = c.body.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

/** What an activity row means and to whom; null for rows that concern nobody in particular. */
export async function concernOf(em: EntityManager, activityId: number): Promise<Concern | null> {
  const [a] = await em.execute<ActivityRow[]>(
    `select a.action, a.field, a.old_value, a.new_value, a.actor_id, actor.name as actor_name, a.issue_id, i.project_id, i.assignee_id
       from activities a join issues i on i.id = a.issue_id left join users actor on actor.id = a.actor_id where a.id = ?`,
    [activityId],
  );
  if (!a) return null;
  const base = { activityId, issueId: a.issue_id, projectId: a.project_id, actorId: a.actor_id, actorName: a.actor_name };
  const concerned = (ids: (number | null)[]) => present(em, [...new Set(ids.filter((id): id is number => id != null && id !== a.actor_id))], a.project_id);

  if (a.action === 'created' || (a.action === 'updated' && a.field === 'assigneeId')) {
    const assignee = a.action === 'created' ? await assigneeAtCreation(em, activityId, a.issue_id, a.assignee_id) : (a.new_value as number | null);
    return { ...base, kind: 'assigned', userIds: await concerned([assignee]), data: {}, groups: a.action === 'created' ? 'created' : null };
  }
  if (a.action === 'mentioned') {
    const commentId = Number(a.new_value?.commentId);
    const excerpt = Number.isSafeInteger(commentId) ? await excerptOf(em, commentId) : null;
    return { ...base, kind: 'mentioned', userIds: await concerned([Number(a.new_value?.userId)]), data: { commentId, ...(excerpt ? { excerpt } : {}) }, groups: null };
  }
  if (a.action === 'commented') {
    const commentId = Number(a.new_value?.commentId);
    const excerpt = await excerptOf(em, commentId);
    if (excerpt === null) return null;
    // Those the comment mentions hear of it as a mention, once.
    const mentioned = await em.execute<{ user_id: number }[]>(
      `select (new_value ->> 'userId')::int as user_id from activities where issue_id = ? and action = 'mentioned' and new_value ->> 'commentId' = ?`,
      [a.issue_id, String(commentId)],
    );
    const skip = new Set(mentioned.map((m) => m.user_id));
    const people = [...(await watchers(em, a.issue_id)), a.assignee_id].filter((id) => id == null || !skip.has(id));
    return { ...base, kind: 'commented', userIds: await concerned(people), data: { commentId, excerpt }, groups: null };
  }
  if (a.action === 'updated' && a.field === 'statusId') {
    const names = await em.execute<{ id: number; name: string }[]>('select id, name from statuses where id = any(?::int[])', [intArray([a.old_value, a.new_value].map(Number))]);
    const name = (id: unknown) => names.find((s) => s.id === Number(id))?.name ?? '';
    const people = [...(await watchers(em, a.issue_id)), a.assignee_id];
    return { ...base, kind: 'statusChanged', userIds: await concerned(people), data: { from: name(a.old_value), to: name(a.new_value) }, groups: 'statusChanged' };
  }
  return null;
}

const dueConcern = (kind: 'dueTomorrow' | 'dueToday', d: { issue_id: number; project_id: number; due_date: string }, userIds: number[]): Concern => ({
  kind, activityId: null, issueId: d.issue_id, projectId: d.project_id, actorId: null, actorName: null, userIds, data: { dueDate: d.due_date }, groups: null,
});

/**
 * Open issues due tomorrow or today in their assignee's time zone at `now`, each told once per due
 * date and kind (the notice row is written here, in the caller's transaction, whoever then hears of
 * it): the day before from midnight, on the day once the assignee's digest time (09:00) has passed.
 */
export async function dueConcerns(em: EntityManager, now: Date): Promise<Concern[]> {
  const local = localNow(userZone({ sql: 'u.id', params: [] }), now);
  const due = await em.execute<{ issue_id: number; project_id: number; assignee_id: number; due_date: string; kind: 'tomorrow' | 'today' }[]>(
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
  const out: Concern[] = [];
  for (const d of due) out.push(dueConcern(d.kind === 'today' ? 'dueToday' : 'dueTomorrow', d, await present(em, [d.assignee_id], d.project_id)));
  return out;
}

/**
 * "Remind me in an hour": the issue's due notice again, to `userId` alone; null once it is closed,
 * or its due date was moved past tomorrow (a snooze) or removed.
 */
export async function reminderConcern(em: EntityManager, userId: number, issueId: number, now: Date): Promise<Concern | null> {
  const today = localToday(userZone({ sql: '?', params: [userId] }), now);
  const [d] = await em.execute<{ issue_id: number; project_id: number; due_date: string; days: number }[]>(
    `select i.id as issue_id, i.project_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
            i.due_date - ${today.sql} as days
       from issues i join statuses s on s.id = i.status_id
      where i.id = ? and i.due_date is not null and s.category not in ('completed', 'canceled')`,
    [...today.params, issueId],
  );
  if (!d || d.days > 1) return null;
  return dueConcern(d.days === 1 ? 'dueTomorrow' : 'dueToday', d, await present(em, [userId], d.project_id));
}
