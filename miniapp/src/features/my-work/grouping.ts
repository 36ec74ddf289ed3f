// My work's due-date groups, in the user's calendar: the week is the locale's week (Monday in
// Russian, Sunday in English) that contains today.
import { addDays, startOfWeek, type IsoDate, type Weekday } from '../calendar/index.ts';

export const DUE_GROUPS = ['overdue', 'today', 'week', 'later', 'none'] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

export function dueGroup(dueDate: IsoDate | null, today: IsoDate, weekStart: Weekday): DueGroup {
  if (!dueDate) return 'none';
  if (dueDate < today) return 'overdue';
  if (dueDate === today) return 'today';
  return dueDate <= addDays(startOfWeek(today, weekStart), 6) ? 'week' : 'later';
}

/** Non-empty groups in the order above; within a group the earliest due first (stable otherwise). */
export function groupByDue<T extends { dueDate: IsoDate | null }>(items: readonly T[], today: IsoDate, weekStart: Weekday): { group: DueGroup; items: T[] }[] {
  const byGroup = new Map<DueGroup, T[]>(DUE_GROUPS.map((g) => [g, []]));
  for (const item of items) byGroup.get(dueGroup(item.dueDate, today, weekStart))!.push(item);
  return DUE_GROUPS.map((group) => ({ group, items: [...byGroup.get(group)!].sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '')) })).filter((g) => g.items.length > 0);
}
