import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idSchema } from '@tracker/shared/api/common';
import { createCommentSchema, issueRefSchema, type Comment } from '@tracker/shared/api/issues';
import { renderMarkdown } from '@tracker/shared/markdown';
import { canInProject } from '@tracker/shared/permissions';
import { requireUser } from '../../http/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { publishEvent } from '../events/publish.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { iso } from '../../db/sql.ts';
import { recordActivities } from '../activity/activity.ts';
import { requireIssue } from './issue-access.ts';
import { resolveMentions } from './mentions.ts';

interface CommentRow {
  id: number;
  issue_id: number;
  author_id: number | null;
  author_name: string | null;
  body: string;
  created_at: string;
  updated_at: string;
  mentions: number[];
}

// Mentions are the `mentioned` activity rows a comment produced (the bot turns them into notifications).
const COMMENT_SELECT = `
  select c.id, c.issue_id, c.author_id, u.name as author_name, c.body, c.created_at, c.updated_at,
         array(select (a.new_value ->> 'userId')::int from activities a
                where a.issue_id = c.issue_id and a.action = 'mentioned' and a.new_value ->> 'commentId' = c.id::text
                order by a.id) as mentions
    from comments c left join users u on u.id = c.author_id`;

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  issueId: r.issue_id,
  author: r.author_id != null ? { id: r.author_id, name: r.author_name ?? '' } : null,
  body: r.body,
  bodyHtml: renderMarkdown(r.body),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  mentions: [...new Set(r.mentions)],
});

async function loadComment(em: EntityManager, id: number): Promise<Comment> {
  const [row] = await em.execute<CommentRow[]>(`${COMMENT_SELECT} where c.id = ?`, [id]);
  return toComment(row!);
}

/** Records mentions of users not yet mentioned by this comment and makes them watchers. */
async function notifyMentions(em: EntityManager, actor: Viewer, issue: { id: number; projectId: number }, commentId: number, body: string) {
  const already = await em.execute<{ user_id: number }[]>(
    `select (new_value ->> 'userId')::int as user_id from activities where issue_id = ? and action = 'mentioned' and new_value ->> 'commentId' = ?`,
    [issue.id, String(commentId)],
  );
  const known = new Set(already.map((r) => r.user_id));
  const fresh = (await resolveMentions(em, body, issue.projectId, actor.id)).filter((id) => !known.has(id));
  if (!fresh.length) return;
  await recordActivities(
    em,
    fresh.map((userId) => ({ projectId: issue.projectId, issueId: issue.id, actorId: actor.id, action: 'mentioned', newValue: { userId, commentId } })),
  );
  await em.execute(`insert into issue_watchers (issue_id, user_id) select ?, unnest(?::int[]) on conflict do nothing`, [issue.id, `{${fresh.join(',')}}`]);
}

const commentEvent = (em: EntityManager, type: 'comment.created' | 'comment.updated' | 'comment.deleted', actor: Viewer, issue: { id: number; projectId: number }) =>
  publishEvent(em, { type, issueId: issue.id, projectId: issue.projectId, streamIds: [], actorId: actor.id });

export function commentRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api' });

  router.get('/issues/:id/comments', async (ctx) => {
    const viewer = requireUser(ctx);
    const { issue } = await requireIssue(deps.em(), viewer, parse(issueRefSchema, ctx.params.id), 'project.view');
    const rows = await deps.em().execute<CommentRow[]>(`${COMMENT_SELECT} where c.issue_id = ? order by c.created_at, c.id`, [issue.id]);
    ctx.body = { comments: rows.map(toComment) };
  });

  router.post('/issues/:id/comments', async (ctx) => {
    const viewer = requireUser(ctx);
    const ref = parse(issueRefSchema, ctx.params.id);
    const { body } = parse(createCommentSchema, ctx.request.body);
    const id = await deps.em().transactional(async (em) => {
      const { issue, project } = await requireIssue(em, viewer, ref, 'comment.create');
      assertWritable(project);
      const [row] = await em.execute<{ id: number }[]>('insert into comments (issue_id, author_id, body) values (?, ?, ?) returning id', [issue.id, viewer.id, body]);
      await em.execute('insert into issue_watchers (issue_id, user_id) values (?, ?) on conflict do nothing', [issue.id, viewer.id]);
      await recordActivities(em, [{ projectId: project.id, issueId: issue.id, actorId: viewer.id, action: 'commented', newValue: { commentId: row!.id } }]);
      await notifyMentions(em, viewer, issue, row!.id, body);
      await em.execute('update issues set updated_at = now() where id = ?', [issue.id]);
      await commentEvent(em, 'comment.created', viewer, issue);
      return row!.id;
    });
    ctx.status = 201;
    ctx.body = { comment: await loadComment(deps.em(), id) };
  });

  /** A comment, its issue and project, checked: 404 when the issue is invisible. */
  async function commentAccess(em: EntityManager, viewer: Viewer, commentId: number) {
    const [row] = await em.execute<{ issue_id: number; author_id: number | null; project_id: number }[]>(
      'select c.issue_id, c.author_id, i.project_id from comments c join issues i on i.id = c.issue_id where c.id = ? for update of c',
      [commentId],
    );
    if (!row) throw notFound('Comment not found');
    const access = await requireProject(em, viewer, row.project_id, 'project.view').catch(() => {
      throw notFound('Comment not found');
    });
    assertWritable(access.project);
    return { ...access, issue: { id: row.issue_id, projectId: row.project_id }, own: row.author_id === viewer.id };
  }

  router.patch('/comments/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const commentId = parse(idSchema, ctx.params.id);
    const { body } = parse(createCommentSchema, ctx.request.body);
    await deps.em().transactional(async (em) => {
      const { issue, own } = await commentAccess(em, viewer, commentId);
      if (!own) throw forbidden();
      await em.execute('update comments set body = ?, updated_at = now() where id = ?', [body, commentId]);
      await recordActivities(em, [{ projectId: issue.projectId, issueId: issue.id, actorId: viewer.id, action: 'comment.edited', newValue: { commentId } }]);
      await notifyMentions(em, viewer, issue, commentId, body);
      await commentEvent(em, 'comment.updated', viewer, issue);
    });
    ctx.body = { comment: await loadComment(deps.em(), commentId) };
  });

  router.delete('/comments/:id', async (ctx) => {
    const viewer = requireUser(ctx);
    const commentId = parse(idSchema, ctx.params.id);
    await deps.em().transactional(async (em) => {
      const { issue, own, role } = await commentAccess(em, viewer, commentId);
      if (!own && !canInProject(role, viewer.roles, 'comment.moderate')) throw forbidden();
      await em.execute('delete from comments where id = ?', [commentId]);
      await recordActivities(em, [{ projectId: issue.projectId, issueId: issue.id, actorId: viewer.id, action: 'comment.deleted', oldValue: { commentId } }]);
      await commentEvent(em, 'comment.deleted', viewer, issue);
    });
    ctx.status = 204;
  });

  return router;
}
