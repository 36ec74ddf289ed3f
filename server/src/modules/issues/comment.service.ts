// The rules of comments: who may read, write, edit and delete them, and what a comment sets off
// (watching, mentions, activity, live events). SQL is in comment.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Comment } from '@tracker/shared/api/issues';
import { forbidden, notFound } from '@tracker/shared/domain-errors';
import { canInProject } from '@tracker/shared/permissions';
import { recordActivities } from '../activity/activity.ts';
import { publishEvent } from '../events/publish.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { commentAdded } from '../sla-clock/clock.ts';
import {
  addWatchers,
  commentById,
  deleteCommentRow,
  insertComment,
  issueComments,
  lockCommentRef,
  mentionedBy,
  touchIssue,
  updateCommentBody,
} from './comment.repository.ts';
import { requireIssue } from './issue-access.ts';
import { resolveMentions } from './mentions.ts';

type IssueRef = { id: number; projectId: number };

/** Records mentions of users not yet mentioned by this comment and makes them watchers. */
async function notifyMentions(em: EntityManager, actor: Viewer, issue: IssueRef, commentId: number, body: string) {
  const known = new Set(await mentionedBy(em, issue.id, commentId));
  const fresh = (await resolveMentions(em, body, issue.projectId, actor.id)).filter((id) => !known.has(id));
  if (!fresh.length) return;
  await recordActivities(
    em,
    fresh.map((userId) => ({ projectId: issue.projectId, issueId: issue.id, actorId: actor.id, action: 'mentioned', newValue: { userId, commentId } })),
  );
  await addWatchers(em, issue.id, fresh);
}

const commentEvent = (em: EntityManager, type: 'comment.created' | 'comment.updated' | 'comment.deleted', actor: Viewer, issue: IssueRef) =>
  publishEvent(em, { type, issueId: issue.id, projectId: issue.projectId, streamIds: [], actorId: actor.id });

export async function listComments(em: EntityManager, viewer: Viewer, ref: number | string): Promise<Comment[]> {
  const { issue } = await requireIssue(em, viewer, ref, 'project.view');
  return issueComments(em, issue.id);
}

export async function loadComment(em: EntityManager, id: number): Promise<Comment> {
  const comment = await commentById(em, id);
  if (!comment) throw notFound('comment');
  return comment;
}

/** Comments on an issue; the author starts watching it. Returns the new comment's id. */
export async function addComment(em: EntityManager, viewer: Viewer, ref: number | string, body: string): Promise<number> {
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, viewer, ref, 'comment.create');
    assertWritable(project);
    const id = await insertComment(tem, issue.id, viewer.id, body);
    await addWatchers(tem, issue.id, [viewer.id]);
    await commentAdded(tem, issue.id, viewer.id);
    await recordActivities(tem, [{ projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'commented', newValue: { commentId: id } }]);
    await notifyMentions(tem, viewer, issue, id, body);
    await touchIssue(tem, issue.id);
    await commentEvent(tem, 'comment.created', viewer, issue);
    return id;
  });
}

/** A comment, its issue and project, checked: not found when the issue is invisible. */
async function commentAccess(em: EntityManager, viewer: Viewer, commentId: number) {
  const ref = await lockCommentRef(em, commentId);
  if (!ref) throw notFound('comment');
  const access = await requireProject(em, viewer, ref.projectId, 'project.view').catch(() => {
    throw notFound('comment');
  });
  assertWritable(access.project);
  return { ...access, issue: { id: ref.issueId, projectId: ref.projectId }, own: ref.authorId === viewer.id };
}

/** Only its author edits a comment. */
export async function editComment(em: EntityManager, viewer: Viewer, commentId: number, body: string): Promise<void> {
  await em.transactional(async (tem) => {
    const { issue, own } = await commentAccess(tem, viewer, commentId);
    if (!own) throw forbidden();
    await updateCommentBody(tem, commentId, body);
    await recordActivities(tem, [{ projectId: issue.projectId, issueId: issue.id, actorId: viewer.id, action: 'comment.edited', newValue: { commentId } }]);
    await notifyMentions(tem, viewer, issue, commentId, body);
    await commentEvent(tem, 'comment.updated', viewer, issue);
  });
}

/** Its author, or a moderator of the project, deletes a comment. */
export async function deleteComment(em: EntityManager, viewer: Viewer, commentId: number): Promise<void> {
  await em.transactional(async (tem) => {
    const { issue, own, role } = await commentAccess(tem, viewer, commentId);
    if (!own && !canInProject(role, viewer.roles, 'comment.moderate')) throw forbidden();
    await deleteCommentRow(tem, commentId);
    await recordActivities(tem, [{ projectId: issue.projectId, issueId: issue.id, actorId: viewer.id, action: 'comment.deleted', oldValue: { commentId } }]);
    await commentEvent(tem, 'comment.deleted', viewer, issue);
  });
}
