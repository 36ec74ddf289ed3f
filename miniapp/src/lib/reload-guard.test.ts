import { describe, expect, it } from 'vitest';
import { RELOAD_KEY, shouldReload } from './reload-guard.ts';

const storage = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('reload guard', () => {
  it('reloads at most once per 10 s', () => {
    const s = storage();
    expect(shouldReload(s, 100_000)).toBe(true);
    expect(s.m.get(RELOAD_KEY)).toBe('100000');
    expect(shouldReload(s, 109_999)).toBe(false);
    expect(shouldReload(s, 110_000)).toBe(true);
  });

  it('works without storage', () => {
    expect(shouldReload(null, 1)).toBe(true);
  });
});
