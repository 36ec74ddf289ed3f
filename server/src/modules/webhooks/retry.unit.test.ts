import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, nextRetryAt, RETRY_SPAN_MS } from './retry.ts';

describe('webhook retry schedule', () => {
  it('doubles the wait after each failure, then tries a last time 24 h after the first, then stops', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    let now = created;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts += 1) {
      const next = nextRetryAt(attempts, created, now);
      if (!next) {
        expect(attempts).toBe(MAX_ATTEMPTS);
        break;
      }
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits.slice(0, 10).map((w) => w / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    expect(now.getTime() - created.getTime()).toBe(RETRY_SPAN_MS);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(60_000);
  });
});
