// The issue page's data asked on navigation intent (issue 14: "a route's code chunk and its data
// start loading together"): a hover, pointer down or focus on a link to an issue starts its page
// call beside the page's code, in the query cache under the key the page reads, so the page takes
// that answer instead of asking again.
import type { QueryKey } from '../../../lib/query.ts';
import { prefetchQuery } from '../../../lib/query.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';

/** An intent this recent is answered from the call it started. */
const FRESH_MS = 10_000;

/** The page's query key: `WEB-7`, `web-7` and the page's own reads share one entry. */
export const issuePageKey = (ref: string | number): QueryKey => ['issue', 'page', String(ref).toUpperCase()];

export const loadIssuePage = (ref: string | number) => (signal: AbortSignal) => issueApi.page(ref, signal);

export function prefetchIssuePage(ref: string | number): void {
  prefetchQuery(issuePageKey(ref), loadIssuePage(ref), FRESH_MS);
}
