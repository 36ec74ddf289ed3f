// React access to the store for screens: re-render when what they read changes, and no query runs
// again unless its inputs did (valtio keeps an unchanged table's snapshot object the same).
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { issueById, queryIssues, type IssueQuery } from './query.ts';
import { syncState } from './session.ts';

/** The whole store as a snapshot (status, position, any table). */
export const useSyncStore = () => useSnapshot(syncState());

/** Ordered ids of the loaded issues matching `query` (`me`: the signed-in user, for `assignee=me`). */
export function useIssueIds(query: IssueQuery, me: number | null = null): number[] {
  const { issues, projects, statuses } = useSnapshot(syncState());
  const key = JSON.stringify(query);
  return useMemo(() => queryIssues({ issues, projects, statuses }, JSON.parse(key) as IssueQuery, me), [issues, projects, statuses, key, me]);
}

/** One issue as the store knows it (from a list, the feed), or undefined. */
export function useIssue(id: number) {
  const { issues } = useSnapshot(syncState());
  return issueById({ issues }, id);
}
