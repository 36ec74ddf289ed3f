// Comments in PostgreSQL: every statement of the comment aggregate, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Comment } from '@tracker/shared/api/issues';
import { renderMarkdown } from '@tracker/shared/markdown';
import { intArray, iso } from '../../db/sql.ts';
import { mentionNames } from './mentions.ts';
import { handlesOfSql } from './mentions.repository.ts';

interface CommentRow {
  id: number;
  issue_id: number;
  author_id: number | null;
  author_name: string | null;
  body: string;
  created_at: string;
  updated_at: string;
  mentions: number[];
  mentioned: { name: string; handles: (string | null)[] }[];
}

// Mentions are the `mentioned` activity rows a comment produced (the bot turns them into notifications);
// their people's names and handles show each `@handle` by the name (renderMarkdown's mentionName).
const MENTIONED = `select (a.new_value ->> 'userId')::int from activities a
                where a.issue_id = c.issue_id and a.action = 'mentioned' and a.new_value ->> 'commentId' = c.id::text`;
const COMMENT_SELECT = `
  select c.id, c.issue_id, c.author_id, u.name as author_name, c.body, c.created_at, c.updated_at,
         array(${MENTIONED} order by a.id) as mentions,
         coalesce((select json_agg(json_build_object('name', mu.name, 'handles', ${handlesOfSql('mu')}))
                     from users mu where mu.id in (${MENTIONED})), '[]'::json) as mentioned
    from comments c left join users u on u.id = c.author_id`;

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  issueId: r.issue_id,
  author: r.author_id != null ? { id: r.author_id, name: r.author_name ?? '' } : null,
  body: r.body,
  bodyHtml: renderMarkdown(r.body, { mentionName: mentionNames(r.mentioned), mentionedNames: r.mentioned.map((p) => p.name) }),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  mentions: [...new Set(r.mentions)],
});

export async function issueComments(em: EntityManager, issueId: number): Promise<Comment[]> {
  const rows = await em.execute<CommentRow[]>(`${COMMENT_SELECT} where c.issue_id = ? order by c.created_at, c.id`, [issueId]);
  return rows.map(toComment);
}

/** The comments among `ids` on issues of `projectIds` (the sync feed's visible ones). */
export async function commentsByIds(em: EntityManager, ids: number[], projectIds: number[]): Promise<Comment[]> {
  const rows = await em.execute<CommentRow[]>(
    `${COMMENT_SELECT} join issues ci on ci.id = c.issue_id where c.id = any(?::int[]) and ci.project_id = any(?::int[]) order by c.id`,
    [intArray(ids), intArray(projectIds)],
  );
  return rows.map(toComment);
}

export async function commentById(em: EntityManager, id: number): Promise<Comment | null> {
  const [row] = await em.execute<CommentRow[]>(`${COMMENT_SELECT} where c.id = ?`, [id]);
  return row ? toComment(row) : null;
}

/** A comment's issue, project and author, locked for the change that follows; null when it does not exist. */
export async function lockCommentRef(em: EntityManager, id: number): Promise<{ issueId: number; projectId: number; authorId: number | null } | null> {
  const [row] = await em.execute<{ issue_id: number; author_id: number | null; project_id: number }[]>(
    'select c.issue_id, c.author_id, i.project_id from comments c join issues i on i.id = c.issue_id where c.id = ? for update of c',
    [id],
  );
  return row ? { issueId: row.issue_id, projectId: row.project_id, authorId: row.author_id } : null;
}

export async function insertComment(em: EntityManager, issueId: number, authorId: number, body: string): Promise<number> {
  const [row] = await em.execute<{ id: number }[]>('insert into comments (issue_id, author_id, body) values (?, ?, ?) returning id', [issueId, authorId, body]);
  return row!.id;
}

export async function updateCommentBody(em: EntityManager, id: number, body: string): Promise<void> {
  await em.execute('update comments set body = ?, updated_at = now() where id = ?', [body, id]);
}

export async function deleteCommentRow(em: EntityManager, id: number): Promise<void> {
  await em.execute('delete from comments where id = ?', [id]);
}

/** The users a comment already mentioned (its `mentioned` activities). */
export async function mentionedBy(em: EntityManager, issueId: number, commentId: number): Promise<number[]> {
  const rows = await em.execute<{ user_id: number }[]>(
    `select (new_value ->> 'userId')::int as user_id from activities where issue_id = ? and action = 'mentioned' and new_value ->> 'commentId' = ?`,
    [issueId, String(commentId)],
  );
  return rows.map((r) => r.user_id);
}

export async function addWatchers(em: EntityManager, issueId: number, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await em.execute('insert into issue_watchers (issue_id, user_id) select ?, unnest(?::int[]) on conflict do nothing', [issueId, intArray(userIds)]);
}

/** A comment counts as a change of its issue (lists sort by `updated_at`). */
export async function touchIssue(em: EntityManager, issueId: number): Promise<void> {
  await em.execute('update issues set updated_at = now() where id = ?', [issueId]);
}
