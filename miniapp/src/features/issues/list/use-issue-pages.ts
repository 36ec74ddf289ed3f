import type { IssueListItem } from '@tracker/shared/api/issues';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listIssues, type ListQuery as IssueListQuery } from '../api.ts';
import { FIRST_PAGE, takeAnsweredList, takePrefetchedList } from './prefetch.ts';

const PAGE = FIRST_PAGE;
const MAX_LIMIT = 200;

export interface IssuePages {
  issues: IssueListItem[];
  nextCursor: string | null;
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  loadMore: () => void;
  /** Refetches the rows already shown (live updates), keeping how many are loaded. */
  refresh: () => void;
}

/** Keyset-paginated issue list for a query; resets when the query changes. Asks nothing while `enabled` is false. */
export function useIssuePages(query: IssueListQuery, enabled = true): IssuePages {
  const key = JSON.stringify(query);
  const answeredAtStart = useRef(false);
  const [state, setState] = useState<{ key: string; issues: IssueListItem[]; nextCursor: string | null; loading: boolean; loadingMore: boolean; error: unknown }>(() => {
    // The route's prefetch has answered already: the first render shows the rows.
    const ready = enabled ? takeAnsweredList(key) : null;
    answeredAtStart.current = ready !== null;
    return { key, issues: ready?.issues ?? [], nextCursor: ready?.nextCursor ?? null, loading: ready === null, loadingMore: false, error: null };
  });
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);

  useEffect(() => {
    const gen = ++generation.current;
    if (!enabled) return;
    if (answeredAtStart.current) return void (answeredAtStart.current = false);
    const controller = new AbortController();
    setState((s) => ({ key, issues: s.key === key ? s.issues : [], nextCursor: null, loading: true, loadingMore: false, error: null }));
    (takePrefetchedList(key) ?? listIssues({ ...(JSON.parse(key) as IssueListQuery), limit: PAGE }, controller.signal)).then(
      (r) => gen === generation.current && setState({ key, issues: r.issues, nextCursor: r.nextCursor, loading: false, loadingMore: false, error: null }),
      (error: unknown) => gen === generation.current && !controller.signal.aborted && setState({ key, issues: [], nextCursor: null, loading: false, loadingMore: false, error }),
    );
    return () => controller.abort();
  }, [key, enabled]);

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    if (!s.nextCursor || s.loadingMore || s.loading) return;
    const gen = generation.current;
    setState((p) => ({ ...p, loadingMore: true }));
    listIssues({ ...(JSON.parse(s.key) as IssueListQuery), limit: PAGE, cursor: s.nextCursor }).then(
      (r) =>
        gen === generation.current &&
        setState((p) => {
          const seen = new Set(p.issues.map((i) => i.id));
          return { ...p, issues: [...p.issues, ...r.issues.filter((i) => !seen.has(i.id))], nextCursor: r.nextCursor, loadingMore: false };
        }),
      (error: unknown) => gen === generation.current && setState((p) => ({ ...p, loadingMore: false, error })),
    );
  }, []);

  const refresh = useCallback(() => {
    const s = stateRef.current;
    if (s.loading) return;
    const gen = generation.current;
    const want = Math.max(PAGE, s.issues.length);
    const base = JSON.parse(s.key) as IssueListQuery;
    void (async () => {
      const rows: IssueListItem[] = [];
      let cursor: string | undefined;
      let next: string | null = null;
      do {
        const r = await listIssues({ ...base, limit: Math.min(MAX_LIMIT, want - rows.length), cursor });
        rows.push(...r.issues);
        next = r.nextCursor;
        cursor = next ?? undefined;
      } while (next && rows.length < want);
      if (gen === generation.current) setState((p) => ({ ...p, issues: reuseUnchanged(p.issues, rows), nextCursor: next }));
    })().catch(() => undefined);
  }, []);

  const current = state.key === key ? state : { ...state, issues: [], loading: true };
  return { ...current, loadMore, refresh };
}

/** Keeps the old object for rows whose data did not change, so memoised rows skip re-rendering. */
export function reuseUnchanged(prev: IssueListItem[], next: IssueListItem[]): IssueListItem[] {
  const byId = new Map(prev.map((i) => [i.id, i]));
  return next.map((i) => {
    const old = byId.get(i.id);
    return old && old.updatedAt === i.updatedAt && old.commentCount === i.commentCount && old.sortOrder === i.sortOrder ? old : i;
  });
}
