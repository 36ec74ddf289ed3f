// Where a list's rows come from (issue 14). The client store when it can answer the query: no
// request, filtering and sorting in the client, every change from the sync feed, so going back
// shows the rows at once and works offline. Rows show in windows of PAGE as the list scrolls; at the
// end of what the store holds, a query that can match closed issues older than the store keeps asks
// the server's list pages and keeps them in the store. Otherwise (not synced yet, a text search, a
// custom-field filter) the server's pages as before, remembered by the store for the issue page.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLiveEvents } from '../../../lib/live.ts';
import { useSnapshot } from 'valtio';
import { syncEngine, syncState, useStoreList, useSyncLoading } from '../../../store/index.ts';
import { listIssues, type ListQuery } from '../api.ts';
import { useIssuePages, type IssuePages } from './use-issue-pages.ts';

const PAGE = 50;
const OLDER_PAGE = 200;
/** Server pages read for one "load more" at most, when they bring only what the store held. */
const OLDER_ROUNDS = 10;

export interface ListSource {
  issues: readonly IssueListItem[];
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  hasMore: boolean;
  loadMore: () => void;
  /** Asks the server's pages again now, after an edit of one's own (the store's rows follow the feed). */
  refresh: () => void;
}

/** Per query: how far the server's pages were read for older issues (kept across visits). */
const older = new Map<string, { cursor: string | null; done: boolean }>();

export function useListSource(query: ListQuery, me: number | null): ListSource {
  const store = useStoreList(query, me);
  const waiting = useSyncLoading() && store === null;
  const server = useIssuePages(query, store === null && !waiting);
  const { issues } = useSnapshot(syncState());
  const key = JSON.stringify(query);
  const [shown, setShown] = useState({ key, count: PAGE });
  const [olderState, setOlderState] = useState<{ loading: boolean; error: unknown }>({ loading: false, error: null });
  const count = shown.key === key ? shown.count : PAGE;
  const progress = older.get(key);

  useEffect(() => {
    if (!store && server.issues.length) syncEngine()?.remember(server.issues);
  }, [store, server.issues]);

  const rows = useMemo(
    // Snapshots are read-only; rows never write to them.
    () => (store ? store.ids.slice(0, count).flatMap((id) => (issues[id] ? [issues[id] as IssueListItem] : [])) : []),
    [store, count, issues],
  );

  const loadOlder = useCallback(async () => {
    setOlderState({ loading: true, error: null });
    try {
      for (let round = 0; round < OLDER_ROUNDS; round++) {
        const at = older.get(key) ?? { cursor: null, done: false };
        if (at.done) break;
        const page = await listIssues({ ...query, limit: OLDER_PAGE, cursor: at.cursor ?? undefined });
        const fresh = page.issues.some((i) => !syncState().issues[i.id]);
        syncEngine()?.remember(page.issues);
        older.set(key, { cursor: page.nextCursor, done: page.nextCursor === null });
        if (fresh) break;
      }
      setOlderState({ loading: false, error: null });
    } catch (error) {
      setOlderState({ loading: false, error });
    }
  }, [key, query]);

  // After a failed read of older issues the list stops asking by itself (offline, it would loop).
  const olderLeft = store !== null && !store.holdsAll && !progress?.done && !olderState.error && globalThis.navigator?.onLine !== false;
  const storeMore = store !== null && (count < store.ids.length || olderLeft);
  const loadMore = useCallback(() => {
    if (!store) return server.loadMore();
    if (count < store.ids.length) return setShown({ key, count: count + PAGE });
    if (!olderLeft || olderState.loading) return;
    // The older rows join the store; then the window shows a page more of them.
    void (async () => {
      await loadOlder();
      setShown({ key, count: count + PAGE });
    })();
  }, [store, server, count, key, olderLeft, olderState.loading, loadOlder]);

  // The server's pages follow the live events themselves; the store's rows follow the feed.
  useServerRefresh(query, store === null && !waiting ? server : null);

  if (waiting) return { issues: [], loading: true, loadingMore: false, error: null, hasMore: false, loadMore, refresh: noop };
  if (!store) return { issues: server.issues, loading: server.loading, loadingMore: server.loadingMore, error: server.error, hasMore: server.nextCursor !== null, loadMore, refresh: server.refresh };
  return { issues: rows, loading: false, loadingMore: olderState.loading, error: olderState.error, hasMore: storeMore, loadMore, refresh: noop };
}

const noop = () => {};

/** Asks the server's pages again (coalesced) when an issue shown, or one that may now match, changes. */
function useServerRefresh(query: ListQuery, server: IssuePages | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useMemo(() => new Set(server?.issues.map((i) => i.id)), [server?.issues]);
  const { projects } = useSnapshot(syncState());
  const ref = query.project;
  const scope = ref === undefined ? null : Object.values(projects).find((p) => String(p.id) === String(ref) || p.key === ref)?.id;
  useLiveEvents(
    (e) => {
      if (!server) return false;
      if (e.type.startsWith('comment.')) return e.issueId !== null && shown.has(e.issueId);
      if (!e.type.startsWith('issue.')) return false;
      if (e.issueId !== null && shown.has(e.issueId)) return true;
      if (query.stream !== undefined && !e.streamIds.includes(Number(query.stream))) return false;
      return scope == null || e.projectId === scope; // an unknown project: every change may matter
    },
    () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => server?.refresh(), 150);
    },
  );
  useEffect(() => () => clearTimeout(timer.current), []);
}
