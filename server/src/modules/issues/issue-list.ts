import type { EntityManager } from '@mikro-orm/postgresql';
import type { IssueCountsResponse, issueCountsQuerySchema } from '@tracker/shared/api/issue-counts';
import type { IssueListResponse, issueListQuerySchema } from '@tracker/shared/api/issues';
import type { z } from 'zod';
import type { Viewer } from '../projects/project-access.ts';
import type { CursorCodec } from './issue-cursor.ts';
import { issueGroupCounts, issueListRows, sortKeyCount } from './issue-list.repository.ts';
import { toIssueListItem } from './issue.mapper.ts';

type ListQuery = z.output<typeof issueListQuerySchema>;
type CountsQuery = z.output<typeof issueCountsQuerySchema>;

/**
 * The issue list: every filter and the keyset page in one SQL statement (issue-list.repository.ts).
 * The cursor carries the last row's sort values, signed, for the sort and order it was made for.
 */
export async function listIssues(em: EntityManager, viewer: Viewer, q: ListQuery, cursors: CursorCodec): Promise<IssueListResponse> {
  const sortKey = `${q.sort}:${q.order}`;
  const keys = sortKeyCount(q.sort, q.project !== undefined);
  const cursor = q.cursor ? cursors.decode(q.cursor, sortKey, keys) : null;
  const rows = await issueListRows(em, viewer, q, cursor);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.limit && last ? cursors.encode({ k: sortKey, v: Array.from({ length: keys }, (_, n) => last[`s${n}`]!), id: last.id }) : null;
  return { issues: page.map(toIssueListItem), nextCursor };
}

/** How many issues of the list each group holds (one statement, whatever is loaded of the list). */
export async function countIssues(em: EntityManager, viewer: Viewer, q: CountsQuery): Promise<IssueCountsResponse> {
  const rows = await issueGroupCounts(em, viewer, q);
  return { counts: rows.map((r) => ({ key: r.key, count: r.count })) };
}
