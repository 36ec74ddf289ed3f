// Pure helpers of the stream pages.
import type { Stream, StreamFeedItem } from '@tracker/shared/api/streams';

export interface ProgressView {
  done: number;
  total: number;
  percent: number;
}

/** Done / total by issue count, or weighted by estimate (issues without one count as 1). */
export function progressView(p: Stream['progress'], weighted: boolean): ProgressView {
  const done = weighted ? p.completedWeight : p.completed;
  const total = weighted ? p.totalWeight : p.total;
  return { done, total, percent: total > 0 ? Math.round((done / total) * 100) : 0 };
}

/** Newest first; the id breaks ties so the order is stable. */
export function sortFeed(items: readonly StreamFeedItem[]): StreamFeedItem[] {
  return [...items].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1));
}

/** False when both dates are set and the target is before the start (the server refuses it too). */
export function datesValid(start: string | null, target: string | null): boolean {
  return !start || !target || start <= target;
}
