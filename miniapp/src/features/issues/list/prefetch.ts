// The issues route's data asked with its code (issue 14: "a route's code chunk and its data start
// loading together"), when the client store cannot answer the list: a first visit (nothing stored
// yet), or a query only the server applies (text search, custom fields). The list's first page then
// comes from that call. Handed over once and kept briefly, as the issue page's prefetch.
import type { IssueListResponse } from '@tracker/shared/api/issues';
import { syncState, toIssueQuery, whenStoreRead } from '../../sync/index.ts';
import { listIssues } from '../api.ts';
import { parseSearch, toApiQuery } from '../filters/url.ts';

const FRESH_MS = 10_000;
export const FIRST_PAGE = 50;
let held: { key: string; at: number; answer: Promise<IssueListResponse>; value?: IssueListResponse } | null = null;

/** `search`: the /issues URL's query string (filters, sort, layout). */
export async function prefetchIssueList(search: string, now = Date.now()): Promise<void> {
  const page = parseSearch(search);
  if (page.layout !== 'list') return;
  const query = toApiQuery(page);
  const key = JSON.stringify(query);
  if (held?.key === key && now - held.at < FRESH_MS) return;
  await whenStoreRead();
  if (syncState().syncId !== null && toIssueQuery(query) !== null) return; // the store answers it
  const answer = listIssues({ ...query, limit: FIRST_PAGE });
  const mine = { key, at: now, answer } as NonNullable<typeof held>;
  answer.then(
    (value) => (mine.value = value),
    () => held === mine && (held = null),
  );
  held = mine;
}

/** The list's first page for `key` (its API query as JSON), when a fresh prefetch holds it. */
export function takePrefetchedList(key: string, now = Date.now()): Promise<IssueListResponse> | null {
  if (!held || held.key !== key || now - held.at >= FRESH_MS) return null;
  const { answer } = held;
  held = null;
  return answer;
}

/** The same, when its answer has already arrived (the list's first render can show it). */
export function takeAnsweredList(key: string, now = Date.now()): IssueListResponse | null {
  if (!held?.value || held.key !== key || now - held.at >= FRESH_MS) return null;
  const { value } = held;
  held = null;
  return value;
}
