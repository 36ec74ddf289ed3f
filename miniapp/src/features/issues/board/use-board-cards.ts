// Where the board's cards come from: the client store when it can answer (every change from the
// feed), else the server's list pages, all of them in key order, through the one query hook (asked
// again on the project's issue events).
import type { IssueListItem } from '@tracker/shared/api/issues';
import { useCallback, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useMe } from '../../../lib/auth.ts';
import { useQuery } from '../../../lib/query.ts';
import { listIssues, type ListQuery as IssueListQuery } from '../api.ts';
import { syncState, useStoreList } from '../../../store/index.ts';

const PAGE = 200;
const MAX_CARDS = 2000;

async function loadAll(query: IssueListQuery, signal?: AbortSignal): Promise<IssueListItem[]> {
  const rows: IssueListItem[] = [];
  let cursor: string | undefined;
  do {
    const r = await listIssues({ ...query, sort: 'key', order: 'asc', limit: PAGE, cursor }, signal);
    rows.push(...r.issues);
    cursor = r.nextCursor ?? undefined;
  } while (cursor && rows.length < MAX_CARDS);
  return rows;
}

export interface BoardCards {
  cards: readonly IssueListItem[] | null;
  error: unknown;
  /** Shows a move at once on server cards (store cards change through the outbox). */
  place: (update: (cards: readonly IssueListItem[]) => IssueListItem[]) => void;
}

/** The board's cards for `filters` of project `projectId` (null while it is not known). */
export function useBoardCards(filters: Record<string, string>, projectId: number | null): BoardCards {
  const me = useMe()?.id ?? null;
  const query = useMemo(() => ({ ...filters, sort: 'key', order: 'asc' }), [filters]);
  const list = useStoreList(query, me);
  const { issues } = useSnapshot(syncState());
  // Snapshots are read-only; cards never write to them.
  const stored = useMemo(() => (list ? list.ids.flatMap((id) => (issues[id] ? [issues[id] as IssueListItem] : [])) : null), [list, issues]);
  const server = useQuery(stored === null ? ['board', JSON.stringify(filters)] : null, (signal) => loadAll(filters as IssueListQuery, signal), {
    refetchOn: (e) => e.type.startsWith('issue.') && e.projectId === projectId,
  });
  const setServer = server.setData; // does nothing while the store answers (no key)
  const place = useCallback((update: (cards: readonly IssueListItem[]) => IssueListItem[]) => setServer((cards) => cards && update(cards)), [setServer]);
  return stored ? { cards: stored, error: null, place } : { cards: server.data ?? null, error: server.error, place };
}
