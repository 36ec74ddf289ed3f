// Calendar arithmetic on plain `YYYY-MM-DD` strings (the API's date format). Days are counted in
// UTC so that a daylight-saving change never turns one day into 23 or 25 hours. Today and the week
// start are the rules of shared/src/dates.ts (in the user's zone: lib/dates.ts).
import { addDays, startOfWeek, type Weekday } from '@tracker/shared/dates';

export { addDays, startOfWeek, weekdayOf, type Weekday } from '@tracker/shared/dates';

export type IsoDate = string;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string | null | undefined): value is IsoDate {
  const m = value ? DATE_RE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return toIso(d) === value;
}

function toIso(d: Date): IsoDate {
  return d.toISOString().slice(0, 10);
}

/** Days since 1970-01-01. */
export function dayNumber(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromDayNumber(n: number): IsoDate {
  return toIso(new Date(n * DAY_MS));
}

/** `b - a` in days. */
export function diffDays(a: IsoDate, b: IsoDate): number {
  return dayNumber(b) - dayNumber(a);
}

export function startOfMonth(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: IsoDate): IsoDate {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return toIso(new Date(Date.UTC(y, m, 0)));
}

/** Same day of month `months` later, clamped to the month's length (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return toIso(first);
}

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
