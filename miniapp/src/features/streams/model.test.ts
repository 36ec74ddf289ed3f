import type { StreamFeedItem } from '@tracker/shared/api/streams';
import { describe, expect, it } from 'vitest';
import { datesValid, progressView, sortFeed } from './model.ts';

describe('stream progress', () => {
  const p = { total: 8, completed: 2, totalWeight: 20, completedWeight: 15 };
  it('counts issues or weights by estimate', () => {
    expect(progressView(p, false)).toEqual({ done: 2, total: 8, percent: 25 });
    expect(progressView(p, true)).toEqual({ done: 15, total: 20, percent: 75 });
    expect(progressView({ total: 0, completed: 0, totalWeight: 0, completedWeight: 0 }, false).percent).toBe(0);
  });
});

describe('feed order', () => {
  it('puts the newest first, stable by id', () => {
    const ev = (id: number, createdAt: string): StreamFeedItem => ({ kind: 'event', id, event: 'issue_added', issue: { id: 1, key: 'A-1', title: 't' }, actor: null, createdAt });
    const out = sortFeed([ev(1, '2025-01-01T00:00:00Z'), ev(2, '2025-01-03T00:00:00Z'), ev(3, '2025-01-01T00:00:00Z')]);
    expect(out.map((i) => i.id)).toEqual([2, 3, 1]);
  });
});

describe('dates', () => {
  it('needs the target on or after the start', () => {
    expect(datesValid('2025-02-01', '2025-01-31')).toBe(false);
    expect(datesValid('2025-02-01', '2025-02-01')).toBe(true);
    expect(datesValid(null, '2025-01-01')).toBe(true);
  });
});
