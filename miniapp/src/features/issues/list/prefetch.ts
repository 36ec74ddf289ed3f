// The issues route's data asked with its code (issue 14: "a route's code chunk and its data start
// loading together"), when the client store cannot answer the list: a first visit (nothing stored
// yet), or a query only the server applies (text search, custom fields). The first page goes into
// the query cache under the key the list reads, so the list's first render can show it.
import { prefetchQuery } from '../../../lib/query.ts';
import { syncState, toIssueQuery, whenStoreRead } from '../../../store/index.ts';
import { parseSearch, toApiQuery } from '../filters/url.ts';
import { issuePagesKey, loadIssuePages } from './use-issue-pages.ts';

/** `search`: the /issues URL's query string (filters, sort, layout). */
export async function prefetchIssueList(search: string): Promise<void> {
  const page = parseSearch(search);
  if (page.layout !== 'list') return;
  const query = toApiQuery(page);
  await whenStoreRead();
  if (syncState().syncId !== null && toIssueQuery(query) !== null) return; // the store answers it
  prefetchQuery(issuePagesKey(query), loadIssuePages(query), 10_000);
}
