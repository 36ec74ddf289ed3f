// My work's due-date groups, in the user's calendar: `today` is the user's, the week the one of the
// locale's week start that holds it (shared/src/dates.ts: quick add's "this week" ends on its last day).
import { endOfWeek, isOverdueOn } from '@tracker/shared/dates';
import type { IsoDate, Weekday } from '../../lib/iso-dates.ts';

export const DUE_GROUPS = ['overdue', 'today', 'week', 'later', 'none'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

export function dueGroup(dueDate: IsoDate | null, today: IsoDate, weekStart: Weekday): DueGroup {
  if (!dueDate) return 'none';
  if (isOverdueOn(dueDate, today)) return 'overdue';
  if (dueDate === today) return 'today';
  return dueDate <= endOfWeek(today, weekStart) ? 'week' : 'later';
}

/** Non-empty groups in the order above; within a group the earliest due first (stable otherwise). */
export function groupByDue<T extends { dueDate: IsoDate | null }>(items: readonly T[], today: IsoDate, weekStart: Weekday): { group: DueGroup; items: T[] }[] {
  const byGroup = new Map<DueGroup, T[]>(DUE_GROUPS.map((g) => [g, []]));
  for (const item of items) byGroup.get(dueGroup(item.dueDate, today, weekStart))!.push(item);
  return DUE_GROUPS.map((group) => ({ group, items: [...byGroup.get(group)!].sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '')) })).filter((g) => g.items.length > 0);
}
