import { describe, expect, it } from 'vitest';
import { moveActive, toggleSelection } from './selection.ts';

describe('selection', () => {
  const order = [5, 6, 7, 8, 9];
  it('toggles one row, and shift-click selects a range from the anchor', () => {
    let s = toggleSelection(new Set(), order, 6, null, false);
    expect([...s]).toEqual([6]);
    s = toggleSelection(s, order, 8, 6, true);
    expect([...s].sort()).toEqual([6, 7, 8]);
    s = toggleSelection(s, order, 5, 8, true); // 5 is off → turns on 5..8
    expect([...s].sort()).toEqual([5, 6, 7, 8]);
    s = toggleSelection(s, order, 7, 5, true); // 7 is on → clears 5..7
    expect([...s]).toEqual([8]);
  });

  it('j/k stay inside the list', () => {
    expect(moveActive(order, null, 1)).toBe(5);
    expect(moveActive(order, null, -1)).toBe(9);
    expect(moveActive(order, 9, 1)).toBe(9);
    expect(moveActive(order, 6, -1)).toBe(5);
    expect(moveActive([], null, 1)).toBe(null);
  });
});
