import { describe, expect, it } from 'vitest';
import { chainsEnd } from './import-rows.ts';

describe('chainsEnd', () => {
  it('keeps chains that end, and leaves out links on a cycle or leading into one', () => {
    // 1 → 2 → 3 → 1 is a cycle; 4 → 1 leads into it; 5 → 6 → 99 (99 outside the file) ends.
    const ends = chainsEnd(new Map([[1, 2], [2, 3], [3, 1], [4, 1], [5, 6], [6, 99]]));
    expect(Object.fromEntries(ends)).toEqual({ 1: false, 2: false, 3: false, 4: false, 5: true, 6: true });
  });

  it('walks a chain of 100,000 issues once, not once per issue', () => {
    const n = 100_000;
    const chain = new Map(Array.from({ length: n }, (_, i) => [i + 1, i + 2] as [number, number]));
    const began = process.threadCpuUsage();
    const ends = chainsEnd(chain);
    const spent = process.threadCpuUsage(began);
    expect([...ends.values()].every(Boolean)).toBe(true);
    expect(ends.size).toBe(n);
    // Linear: tens of milliseconds. Walking each chain from its child was 5·10⁹ steps.
    expect((spent.user + spent.system) / 1000).toBeLessThan(1000);
  });
});
