import { weekStart } from '@tracker/shared/dates';
import { LOCALES } from '@tracker/shared/locales';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { describe, expect, it } from 'vitest';
import { dueGroup, groupByDue } from './grouping.ts';

// Wednesday, 25 November 2026.
const today = '2026-11-25';

describe('My work due-date groups', () => {
  it('puts each due date in overdue, today, this week, later or no date', () => {
    expect(dueGroup('2026-11-24', today, 1)).toBe('overdue');
    expect(dueGroup('2025-01-01', today, 1)).toBe('overdue');
    expect(dueGroup(today, today, 1)).toBe('today');
    expect(dueGroup('2026-11-26', today, 1)).toBe('week');
    expect(dueGroup(null, today, 1)).toBe('none');
  });

  it('ends the week on the last day of the week start’s week', () => {
    expect(dueGroup('2026-11-29', today, 1)).toBe('week'); // Sunday, Monday-first week
    expect(dueGroup('2026-11-30', today, 1)).toBe('later');
    expect(dueGroup('2026-11-28', today, 0)).toBe('week'); // Saturday, Sunday-first week
    expect(dueGroup('2026-11-29', today, 0)).toBe('later');
  });

  it('puts what quick add reads as "this week" in this week, and "next week" after it, in both languages', () => {
    const now = new Date(`${today}T12:00:00Z`);
    for (const locale of LOCALES) {
      const due = (phrase: string) => parseQuickAdd(`Report ${phrase}`, { now, timeZone: 'UTC', locale }).dueDate;
      expect(dueGroup(due('this week'), today, weekStart(locale)), locale).toBe('week');
      expect(dueGroup(due('до конца недели'), today, weekStart(locale)), locale).toBe('week');
      expect(dueGroup(due('next week'), today, weekStart(locale)), locale).toBe('later');
    }
  });

  it('lists only non-empty groups, in order, earliest first within a group', () => {
    const items = [
      { id: 1, dueDate: null },
      { id: 2, dueDate: '2026-12-20' },
      { id: 3, dueDate: '2026-11-20' },
      { id: 4, dueDate: '2026-12-01' },
      { id: 5, dueDate: '2026-11-01' },
    ];
    expect(groupByDue(items, today, 1).map((g) => [g.group, g.items.map((i) => i.id)])).toEqual([
      ['overdue', [5, 3]],
      ['later', [4, 2]],
      ['none', [1]],
    ]);
    expect(groupByDue([], today, 1)).toEqual([]);
  });
});
