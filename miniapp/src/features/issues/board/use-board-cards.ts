// Where the board's cards come from: the client store when it can answer (every change from the
// feed), else the server's list pages, all of them in key order.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useMemo } from 'react';
import { listIssues, type ListQuery as IssueListQuery } from '../api.ts';
import { syncState, useStoreList } from '../../sync/index.ts';
import { auth } from '../../auth/index.ts';
import { useSnapshot } from 'valtio';

const PAGE = 200;
const MAX_CARDS = 2000;

export async function loadAll(query: IssueListQuery, signal?: AbortSignal): Promise<IssueListItem[]> {
  const rows: IssueListItem[] = [];
  let cursor: string | undefined;
  do {
    const r = await listIssues({ ...query, sort: 'key', order: 'asc', limit: PAGE, cursor }, signal);
    rows.push(...r.issues);
    cursor = r.nextCursor ?? undefined;
  } while (cursor && rows.length < MAX_CARDS);
  return rows;
}

/** The board's cards from the client store (every change from the feed), or null when it cannot answer. */
export function useStoreCards(filters: Record<string, string>): IssueListItem[] | null {
  const me = useSnapshot(auth.state).user?.id ?? null;
  const query = useMemo(() => ({ ...filters, sort: 'key', order: 'asc' }), [filters]);
  const list = useStoreList(query, me);
  const { issues } = useSnapshot(syncState());
  // Snapshots are read-only; cards never write to them.
  return useMemo(() => (list ? list.ids.flatMap((id) => (issues[id] ? [issues[id] as IssueListItem] : [])) : null), [list, issues]);
}
