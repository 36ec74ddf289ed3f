// Who an event on an issue concerns, and why: the one answer that the inbox and the Telegram
// notifications both act on (issue 15, item 6: "the same events as the bot's notifications").
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxData, InboxKind } from '@tracker/shared/api/inbox';
import { activityForConcern, claimDueNotices, commentBody, laterAssigneeChange, mentionedByComment, openDueIssue, presentUserIds, statusNames, watcherIds } from './concern.repository.ts';

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

/** Those of `userIds` who are not blocked and may see the project. */
async function present(em: EntityManager, userIds: number[], projectId: number): Promise<number[]> {
  if (!userIds.length) return [];
  return presentUserIds(em, userIds, projectId);
}

/**
 * The job may run after later changes (a busy worker, a retry): the issue's assignee then is not
 * the one it was created with, who is the first later reassignment's old value, if there is one.
 */
async function assigneeAtCreation(em: EntityManager, activityId: number, issueId: number, current: number | null): Promise<number | null> {
  const later = await laterAssigneeChange(em, issueId, activityId);
  if (!later) return current;
  return later.old_value == null ? null : Number(later.old_value);
}

/** The opening of a comment as one line, or null when it is gone. */
async function excerptOf(em: EntityManager, commentId: number): Promise<string | null> {
  const body = await commentBody(em, commentId);
  if (body === undefined) return null;
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

/** What an activity row means and to whom; null for rows that concern nobody in particular. */
export async function concernOf(em: EntityManager, activityId: number): Promise<Concern | null> {
  const a = await activityForConcern(em, activityId);
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
    const mentioned = await mentionedByComment(em, a.issue_id, commentId);
    const skip = new Set(mentioned.map((m) => m.user_id));
    const people = [...(await watcherIds(em, a.issue_id)), a.assignee_id].filter((id) => id == null || !skip.has(id));
    return { ...base, kind: 'commented', userIds: await concerned(people), data: { commentId, excerpt }, groups: null };
  }
  if (a.action === 'updated' && a.field === 'statusId') {
    const names = await statusNames(em, [a.old_value, a.new_value].map(Number));
    const name = (id: unknown) => names.find((s) => s.id === Number(id))?.name ?? '';
    const people = [...(await watcherIds(em, a.issue_id)), a.assignee_id];
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
  const due = await claimDueNotices(em, now);
  const out: Concern[] = [];
  for (const d of due) out.push(dueConcern(d.kind === 'today' ? 'dueToday' : 'dueTomorrow', d, await present(em, [d.assignee_id], d.project_id)));
  return out;
}

/**
 * "Remind me in an hour": the issue's due notice again, to `userId` alone; null once it is closed,
 * or its due date was moved past tomorrow (a snooze) or removed.
 */
export async function reminderConcern(em: EntityManager, userId: number, issueId: number, now: Date): Promise<Concern | null> {
  const d = await openDueIssue(em, userId, issueId, now);
  if (!d || d.days > 1) return null;
  return dueConcern(d.days === 1 ? 'dueTomorrow' : 'dueToday', d, await present(em, [userId], d.project_id));
}
