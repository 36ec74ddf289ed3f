// The calendar's views on plain `YYYY-MM-DD` strings: weeks, month grids, ranges, lanes and the agenda.
// The day arithmetic they use is lib/iso-dates.ts (shared with time tracking and My work).
import { addDays, diffDays, startOfMonth, endOfMonth, addMonths, startOfWeek, type IsoDate, type Weekday } from '../../lib/iso-dates.ts';

export { addDays, addMonths, dayNumber, diffDays, endOfMonth, fromDayNumber, isIsoDate, startOfMonth, startOfWeek, weekdayOf, type IsoDate, type Weekday } from '../../lib/iso-dates.ts';

/** The seven days of the week containing `date`. */
export function weekDays(date: IsoDate, weekStart: Weekday): IsoDate[] {
  const first = startOfWeek(date, weekStart);
  return Array.from({ length: 7 }, (_, i) => addDays(first, i));
}

/** Whole weeks covering the month of `date` (4 to 6 rows of 7 days). */
export function monthGrid(date: IsoDate, weekStart: Weekday): IsoDate[][] {
  const first = startOfWeek(startOfMonth(date), weekStart);
  const last = endOfMonth(date);
  const weeks: IsoDate[][] = [];
  for (let start = first; start <= last; start = addDays(start, 7)) weeks.push(weekDays(start, weekStart));
  return weeks;
}

export const VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof VIEWS)[number];

/** The date range a view shows; it is also what the API is asked for. */
export function viewRange(view: CalendarView, date: IsoDate, weekStart: Weekday): { from: IsoDate; to: IsoDate } {
  if (view === 'week') {
    const from = startOfWeek(date, weekStart);
    return { from, to: addDays(from, 6) };
  }
  if (view === 'agenda') return { from: startOfMonth(date), to: endOfMonth(date) };
  const weeks = monthGrid(date, weekStart);
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
}

/** Previous/next period: a week in week view, a month otherwise. */
export function shiftDate(view: CalendarView, date: IsoDate, direction: 1 | -1): IsoDate {
  return view === 'week' ? addDays(date, 7 * direction) : addMonths(startOfMonth(date), direction);
}

/** What a calendar places: an issue's start→due span, or the one date it has. */
export interface Dated {
  id: number;
  startDate: string | null;
  dueDate: string | null;
}

/** The first and last day an item covers; a start after its due date collapses to the due date. */
export function spanOf(item: Dated): { start: IsoDate; end: IsoDate } | null {
  const due = item.dueDate;
  const start = item.startDate;
  if (!due && !start) return null;
  const end = (due ?? start)!;
  const first = start && start <= end ? start : end;
  return { start: first, end };
}

export interface Segment<T extends Dated> {
  item: T;
  /** Columns 0–6 within the week. */
  startCol: number;
  endCol: number;
  /** Row within the week, 0 first. */
  lane: number;
  /** The span begins before this week / ends after it (drawn with an open edge). */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * Lays the items that touch a week out in lanes, so no two segments in one lane overlap. Longer
 * spans get the upper lanes (they read as bars), then earlier starts, then the given order.
 */
export function layoutWeek<T extends Dated>(days: readonly IsoDate[], items: readonly T[]): Segment<T>[] {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const pieces: Omit<Segment<T>, 'lane'>[] = [];
  items.forEach((item) => {
    const span = spanOf(item);
    if (!span || span.end < first || span.start > last) return;
    const s = span.start < first ? first : span.start;
    const e = span.end > last ? last : span.end;
    pieces.push({ item, startCol: diffDays(first, s), endCol: diffDays(first, e), continuesBefore: span.start < first, continuesAfter: span.end > last });
  });
  const order = pieces.map((p, i) => ({ p, i }));
  order.sort((a, b) => b.p.endCol - b.p.startCol - (a.p.endCol - a.p.startCol) || a.p.startCol - b.p.startCol || a.i - b.i);
  const laneEnds: number[] = [];
  const placed: Segment<T>[] = [];
  for (const { p } of order) {
    let lane = laneEnds.findIndex((end) => end < p.startCol);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(p.endCol);
    } else laneEnds[lane] = p.endCol;
    placed.push({ ...p, lane });
  }
  return placed.sort((a, b) => a.lane - b.lane || a.startCol - b.startCol);
}

/** How many segments cover each column but sit in lanes at or past `maxLanes` (the "+N more"). */
export function hiddenPerDay(segments: readonly Segment<Dated>[], maxLanes: number): number[] {
  const hidden = [0, 0, 0, 0, 0, 0, 0];
  for (const s of segments) {
    if (s.lane < maxLanes) continue;
    for (let c = s.startCol; c <= s.endCol; c++) hidden[c] = (hidden[c] ?? 0) + 1;
  }
  return hidden;
}

/** The dates an item gets when dragged by `delta` days: both ends move, so the span length stays. */
export function shiftItem(item: Dated, delta: number): { startDate?: IsoDate | null; dueDate?: IsoDate | null } {
  const patch: { startDate?: IsoDate | null; dueDate?: IsoDate | null } = {};
  if (item.dueDate) patch.dueDate = addDays(item.dueDate, delta);
  if (item.startDate) patch.startDate = addDays(item.startDate, delta);
  return patch;
}

/** Agenda: items grouped by the day they are due; one due after the range is listed on its first day in it. */
export function agendaGroups<T extends Dated>(items: readonly T[], from: IsoDate, to: IsoDate): { date: IsoDate; items: T[] }[] {
  const groups = new Map<IsoDate, T[]>();
  for (const item of items) {
    const span = spanOf(item);
    if (!span || span.end < from || span.start > to) continue;
    const day = span.end <= to ? span.end : span.start < from ? from : span.start;
    const list = groups.get(day) ?? [];
    list.push(item);
    groups.set(day, list);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, list]) => ({ date, items: list }));
}
