// The server's pages of an issue list (a query the client store cannot answer: not synced yet, a
// text search, a custom-field filter), in the one query cache under the query's key: the route's
// prefetch fills the same entry, "load more" appends a page to it, and asking again re-reads as many
// rows as are shown, keeping unchanged rows' objects.
import type { IssueListItem, IssueListResponse } from '@tracker/shared/api/issues';
import { useCallback, useState } from 'react';
import { readQuery, useQuery, type QueryKey } from '../../../lib/query.ts';
import { listIssues, type ListQuery as IssueListQuery } from '../api.ts';

export const FIRST_PAGE = 50;
const MAX_LIMIT = 200;

export interface IssuePages {
  issues: IssueListItem[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  loadMore: () => void;
  /** Re-reads the rows already shown (live updates), keeping how many are loaded. */
  refresh: () => void;
}

export const issuePagesKey = (query: IssueListQuery): QueryKey => ['issues', 'pages', JSON.stringify(query)];

/** The first page, or as many rows as `shown` holds (up to the server's largest page each). */
export function loadIssuePages(query: IssueListQuery, shown?: IssueListResponse) {
  return async (signal: AbortSignal): Promise<IssueListResponse> => {
    const want = Math.max(FIRST_PAGE, shown?.issues.length ?? 0);
    const rows: IssueListItem[] = [];
    let cursor: string | undefined;
    let next: string | null;
    do {
      const r = await listIssues({ ...query, limit: Math.min(MAX_LIMIT, want - rows.length), cursor }, signal);
      rows.push(...r.issues);
      next = r.nextCursor;
      cursor = next ?? undefined;
    } while (next && rows.length < want);
    return { issues: shown ? reuseUnchanged(shown.issues, rows) : rows, nextCursor: next };
  };
}

const NONE: IssueListItem[] = [];

/** Keyset-paginated issue list for a query. Asks nothing while `enabled` is false. */
export function useIssuePages(query: IssueListQuery, enabled = true): IssuePages {
  const key = issuePagesKey(query);
  const pages = useQuery(enabled ? key : null, (signal) => loadIssuePages(query, readQuery<IssueListResponse>(key).data)(signal), { freshMs: 10_000 });
  const [more, setMore] = useState<{ key: string; loading: boolean; error: unknown }>({ key: '', loading: false, error: null });
  const id = JSON.stringify(key);
  const { setData } = pages;
  const cursor = pages.data?.nextCursor ?? null;

  const loadMore = useCallback(() => {
    if (!cursor || (more.key === id && more.loading)) return;
    setMore({ key: id, loading: true, error: null });
    listIssues({ ...query, limit: FIRST_PAGE, cursor }).then(
      (r) => {
        setData((p) => {
          if (!p) return p;
          const seen = new Set(p.issues.map((i) => i.id));
          return { issues: [...p.issues, ...r.issues.filter((i) => !seen.has(i.id))], nextCursor: r.nextCursor };
        });
        setMore({ key: id, loading: false, error: null });
      },
      (error: unknown) => setMore({ key: id, loading: false, error }),
    );
  }, [cursor, more, id, query, setData]);

  const { refetch } = pages;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const mine = more.key === id ? more : { loading: false, error: null };
  return {
    issues: pages.data?.issues ?? NONE,
    nextCursor: cursor,
    loading: pages.loading,
    loadingMore: mine.loading,
    error: pages.error ?? mine.error,
    loadMore,
    refresh,
  };
}

/** Keeps the old object for rows whose data did not change, so memoised rows skip re-rendering. */
export function reuseUnchanged(prev: IssueListItem[], next: IssueListItem[]): IssueListItem[] {
  const byId = new Map(prev.map((i) => [i.id, i]));
  return next.map((i) => {
    const old = byId.get(i.id);
    return old && old.updatedAt === i.updatedAt && old.commentCount === i.commentCount && old.sortOrder === i.sortOrder ? old : i;
  });
}
