// React access to the store for screens: re-render when what they read changes, and no query runs
// again unless its inputs did (valtio keeps an unchanged table's snapshot object the same).
import { useEffect, useMemo } from 'react';
import { getUntracked } from 'proxy-compare';
import { useSnapshot } from 'valtio';
import { calendarIssues, holdsAll, issueById, queryIssues, queryProject, toIssueQuery, type CalendarFilter, type IssueQuery } from './query.ts';
import { syncEngine, syncState } from './session.ts';

/**
 * True while the store is read from IndexedDB or its first bootstrap is on its way: screens wait for
 * it rather than asking the API for what it is about to hold (after a failure the status is
 * `offline` and they ask).
 */
export function useSyncPending(): boolean {
  const { status, syncId } = useSnapshot(syncState());
  return (status === 'loading' || status === 'bootstrapping') && syncId === null;
}

/** Issues with edits the server has not confirmed yet (queued offline, or on their way): shown as pending. */
export function usePendingIssues(): ReadonlySet<number> {
  const { outbox } = useSnapshot(syncState());
  return useMemo(() => new Set(outbox.map((e) => e.issueId)), [outbox]);
}

/** True for the moment the store is read from IndexedDB: lists wait for it instead of asking the API. */
export function useSyncLoading(): boolean {
  return useSnapshot(syncState()).status === 'loading';
}

/**
 * A table of a `useSnapshot` snapshot without its tracking proxy. A query reads every issue, and
 * through the proxy each read is a trap (several times the cost of the query itself). Read this
 * way, the component re-renders on any change of the table (its identity), as a query must anyway.
 */
const untracked = <T extends object>(table: T): T => getUntracked(table) ?? table;

/** The whole store as a snapshot (status, position, any table). */
export const useSyncStore = () => useSnapshot(syncState());

/** Ordered ids of the loaded issues matching `query` (`me`: the signed-in user, for `assignee=me`). */
export function useIssueIds(query: IssueQuery, me: number | null = null): number[] {
  const { issues, projects, statuses } = useSnapshot(syncState());
  const key = JSON.stringify(query);
  return useMemo(
    () => queryIssues({ issues: untracked(issues), projects: untracked(projects), statuses: untracked(statuses) }, JSON.parse(key) as IssueQuery, me),
    [issues, projects, statuses, key, me],
  );
}

export interface StoreList {
  /** The matching issues' ids in the list's order. */
  ids: number[];
  /** False: the query can match closed issues older than the store holds; the server has them. */
  holdsAll: boolean;
}

/**
 * A list's API query answered from the store, or null when the store cannot answer it (not synced
 * yet, a project of its scope evicted or unknown, a filter only the server applies).
 */
export function useStoreList(api: Readonly<Record<string, string | number | undefined>>, me: number | null): StoreList | null {
  const snap = useSnapshot(syncState());
  const key = JSON.stringify(api);
  const query = useMemo(() => toIssueQuery(JSON.parse(key) as Record<string, string>), [key]);
  const { issues, projects, statuses, evicted } = snap;
  const ready = query !== null && snap.syncId !== null && snap.status !== 'bootstrapping' && snap.status !== 'loading';
  const project = ready ? queryProject({ projects }, query) : null;
  const missing = useMemo(() => {
    if (!ready) return [];
    if (project === -1) return [-1];
    return Object.keys(evicted)
      .map(Number)
      .filter((id) => project === null || id === project);
  }, [ready, project, evicted]);
  useEffect(() => {
    for (const id of missing) if (id > 0) void syncEngine()?.ensureProject(id);
  }, [missing]);
  return useMemo(
    () => (ready && missing.length === 0 ? { ids: queryIssues({ issues: untracked(issues), projects: untracked(projects), statuses: untracked(statuses) }, query, me), holdsAll: holdsAll({ statuses }, query) } : null),
    [ready, missing, issues, projects, statuses, query, me],
  );
}

/** One issue as the store knows it (from a list, the feed), or undefined. */
export function useIssue(id: number) {
  const { issues } = useSnapshot(syncState());
  return issueById({ issues }, id);
}

/** A calendar range's issues from the store, or null before it is synced (or with a project of it evicted). */
export function useStoreCalendar(filter: CalendarFilter, me: number | null) {
  const { issues, evicted, syncId, status } = useSnapshot(syncState());
  const key = JSON.stringify(filter);
  const ready = syncId !== null && status !== 'bootstrapping' && (filter.project === null ? Object.keys(evicted).length === 0 : !evicted[filter.project]);
  return useMemo(() => (ready ? calendarIssues({ issues: untracked(issues) }, JSON.parse(key) as CalendarFilter, me) : null), [ready, issues, key, me]);
}
