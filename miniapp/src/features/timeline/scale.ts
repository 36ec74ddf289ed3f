// The timeline's time axis (issue 29): a zoom is a width per day and a window of days around an
// anchor date; a day maps to x = days since the window's first day × the width. Days are the
// API's `YYYY-MM-DD`, counted in UTC (lib/iso-dates.ts), so no daylight-saving day is 23 hours wide.
import { addDays, addMonths, dayNumber, endOfMonth, fromDayNumber, startOfMonth, startOfWeek, type IsoDate, type Weekday } from '../../lib/iso-dates.ts';

export const ZOOMS = ['week', 'month', 'quarter'] as const;
export type Zoom = (typeof ZOOMS)[number];

interface ZoomRule {
  /** Width of one day, CSS px. */
  px: number;
  /** The window: its first day for an anchor, and its last. */
  first: (anchor: IsoDate, weekStart: Weekday) => IsoDate;
  last: (first: IsoDate) => IsoDate;
  /** The previous / next buttons move the anchor by this. */
  step: (anchor: IsoDate, direction: 1 | -1) => IsoDate;
}

const quarterStart = (date: IsoDate) => `${date.slice(0, 5)}${String(Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;

/** Each window stays within TIMELINE_MAX_DAYS (the server's range limit). */
export const ZOOM_RULES: Record<Zoom, ZoomRule> = {
  // 12 weeks: 4 before the anchor's week, 8 from it.
  week: { px: 40, first: (a, ws) => addDays(startOfWeek(a, ws), -28), last: (f) => addDays(f, 83), step: (a, d) => addDays(a, d * 28) },
  // 8 months: 2 before the anchor's month, 6 from it.
  month: { px: 12, first: (a) => startOfMonth(addMonths(startOfMonth(a), -2)), last: (f) => endOfMonth(addMonths(f, 7)), step: (a, d) => addMonths(a, d * 2) },
  // 4 quarters: the one before the anchor's, and 3 from it.
  quarter: { px: 4, first: (a) => addMonths(quarterStart(a), -3), last: (f) => endOfMonth(addMonths(f, 11)), step: (a, d) => addMonths(a, d * 3) },
};

export interface TimeWindow {
  zoom: Zoom;
  from: IsoDate;
  /** Inclusive. */
  to: IsoDate;
  days: number;
  px: number;
  /** The chart's width, CSS px. */
  width: number;
}

export function windowOf(zoom: Zoom, anchor: IsoDate, weekStart: Weekday): TimeWindow {
  const rule = ZOOM_RULES[zoom];
  const from = rule.first(anchor, weekStart);
  const to = rule.last(from);
  const days = dayNumber(to) - dayNumber(from) + 1;
  return { zoom, from, to, days, px: rule.px, width: days * rule.px };
}

/** The left edge of `date`'s column. */
export const dayToX = (w: TimeWindow, date: IsoDate): number => (dayNumber(date) - dayNumber(w.from)) * w.px;

/** The day whose column holds `x` (clamped to the window). */
export function xToDay(w: TimeWindow, x: number): IsoDate {
  const day = Math.min(Math.max(Math.floor(x / w.px), 0), w.days - 1);
  return fromDayNumber(dayNumber(w.from) + day);
}

/** Whole days a pointer moved by `dx` px stands for (to the nearest day). */
export const daysForDx = (w: Pick<TimeWindow, 'px'>, dx: number): number => Math.round(dx / w.px) || 0;

export interface ScaleCell {
  x: number;
  width: number;
  /** The cell's first day: the formatter turns it into words. */
  date: IsoDate;
}

/** Cells from `from` on, one per unit that `next` steps to, clipped to the window. */
function cells(w: TimeWindow, first: IsoDate, next: (d: IsoDate) => IsoDate): ScaleCell[] {
  const out: ScaleCell[] = [];
  const end = dayNumber(w.to) + 1;
  for (let d = first; dayNumber(d) < end; d = next(d)) {
    const a = Math.max(dayNumber(d), dayNumber(w.from));
    const b = Math.min(dayNumber(next(d)), end);
    out.push({ x: (a - dayNumber(w.from)) * w.px, width: (b - a) * w.px, date: fromDayNumber(a) });
  }
  return out;
}

export type ScaleUnit = 'day' | 'week' | 'month' | 'quarter';

/** The axis's two rows: the larger unit above, the smaller below. */
export function scaleOf(w: TimeWindow, weekStart: Weekday): { top: ScaleUnit; bottom: ScaleUnit; upper: ScaleCell[]; lower: ScaleCell[] } {
  const byMonth = cells(w, startOfMonth(w.from), (d) => addMonths(startOfMonth(d), 1));
  const byWeek = cells(w, startOfWeek(w.from, weekStart), (d) => addDays(d, 7));
  if (w.zoom === 'week') return { top: 'month', bottom: 'day', upper: byMonth, lower: cells(w, w.from, (d) => addDays(d, 1)) };
  if (w.zoom === 'month') return { top: 'month', bottom: 'week', upper: byMonth, lower: byWeek };
  return { top: 'quarter', bottom: 'month', upper: cells(w, quarterStart(w.from), (d) => addMonths(quarterStart(d), 3)), lower: byMonth };
}
