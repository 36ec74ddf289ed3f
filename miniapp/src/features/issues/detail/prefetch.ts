// The issue page's data asked on navigation intent (issue 14: "a route's code chunk and its data
// start loading together"): a hover, pointer down or focus on a link to an issue starts its page
// call beside the page's code; the page then takes that answer instead of asking again. An answer
// is handed over once and kept only briefly, so a page opened later reads fresh data; a prefetch
// that arrives after the page has asked for itself (its code loaded first) asks nothing more.
import type { IssuePageResponse } from '@tracker/shared/api/issues';
import { issueApi } from '../api-detail.ts';

const FRESH_MS = 10_000;
const calls = new Map<string, { at: number; answer: Promise<IssuePageResponse>; taken: boolean }>();

const keyOf = (ref: string | number) => String(ref).toUpperCase();

function start(ref: string | number, now: number, taken: boolean): Promise<IssuePageResponse> {
  const key = keyOf(ref);
  const answer = issueApi.page(ref);
  answer.catch(() => calls.delete(key)); // a failed call is asked again next time
  calls.set(key, { at: now, answer, taken });
  return answer;
}

export function prefetchIssuePage(ref: string | number, now = Date.now()): void {
  const held = calls.get(keyOf(ref));
  if (!held || now - held.at >= FRESH_MS) void start(ref, now, false).catch(() => undefined);
}

/** The issue page's call: a fresh prefetched answer not yet used, else a new call. */
export function issuePageData(ref: string | number, now = Date.now()): Promise<IssuePageResponse> {
  const held = calls.get(keyOf(ref));
  if (held && !held.taken && now - held.at < FRESH_MS) {
    held.taken = true;
    return held.answer;
  }
  return start(ref, now, true);
}
