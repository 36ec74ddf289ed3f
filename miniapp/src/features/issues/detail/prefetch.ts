// The issue page's data asked on navigation intent (issue 14: "a route's code chunk and its data
// start loading together"): a hover, pointer down or focus on a link to an issue starts its page
// call beside the page's code; the page then takes that answer instead of asking again. Kept only
// briefly, so a page opened later still reads fresh data.
import type { IssuePageResponse } from '@tracker/shared/api/issues';
import { issueApi } from '../api-detail.ts';

const FRESH_MS = 10_000;
const started = new Map<string, { at: number; answer: Promise<IssuePageResponse> }>();

const keyOf = (ref: string | number) => String(ref).toUpperCase();

export function prefetchIssuePage(ref: string | number, now = Date.now()): void {
  const key = keyOf(ref);
  const held = started.get(key);
  if (held && now - held.at < FRESH_MS) return;
  const answer = issueApi.page(ref);
  answer.catch(() => started.delete(key)); // a failed prefetch is asked again by the page
  started.set(key, { at: now, answer });
}

/** The prefetched answer for `ref` when it is fresh (taken once), else null. */
export function takePrefetchedPage(ref: string | number, now = Date.now()): Promise<IssuePageResponse> | null {
  const key = keyOf(ref);
  const held = started.get(key);
  started.delete(key);
  return held && now - held.at < FRESH_MS ? held.answer : null;
}
