import type { IssueListItem } from '@tracker/shared/api/issues';
import { describe, expect, it } from 'vitest';
import { applyPlacement, columnCards, isNoop, placeAt } from './order.ts';

const card = (id: number, statusId: number, sortOrder: number) => ({ id, statusId, sortOrder }) as IssueListItem;
const issues = [card(1, 10, 1024), card(2, 10, 2048), card(3, 10, 3072), card(4, 11, 1024)];

describe('board placement', () => {
  it('places between neighbours, at the top, at the bottom and into an empty column', () => {
    expect(placeAt(issues, 4, 10, 1)).toEqual({ statusId: 10, beforeId: 1, afterId: 2, sortOrder: 1536 });
    expect(placeAt(issues, 4, 10, 0)).toEqual({ statusId: 10, beforeId: null, afterId: 1, sortOrder: 0 });
    expect(placeAt(issues, 4, 10, 99)).toEqual({ statusId: 10, beforeId: 3, afterId: null, sortOrder: 4096 });
    expect(placeAt(issues, 1, 12, 0)).toEqual({ statusId: 12, beforeId: null, afterId: null, sortOrder: 1024 });
  });

  it('moving within a column ignores the card itself', () => {
    const p = placeAt(issues, 1, 10, 2); // after 2 and 3
    expect(p).toMatchObject({ beforeId: 3, afterId: null });
    expect(columnCards(applyPlacement(issues, 1, p), 10).map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('detects drops that change nothing', () => {
    expect(isNoop(issues, 2, placeAt(issues, 2, 10, 1))).toBe(true);
    expect(isNoop(issues, 2, placeAt(issues, 2, 10, 0))).toBe(false);
    expect(isNoop(issues, 2, placeAt(issues, 2, 11, 0))).toBe(false);
  });
});
