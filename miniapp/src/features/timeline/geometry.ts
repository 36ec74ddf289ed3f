// Bars, drags and arrows in pixels and days (issue 29). An issue with both dates is a bar from its
// start to its due day, both inclusive; one with only one of them is a one-day bar on that day,
// drawn as a marker (`single`). Dragging moves whole days; nothing here writes.
import { addDays, dayNumber, type IsoDate } from '../../lib/iso-dates.ts';
import { dayToX, type TimeWindow } from './scale.ts';

export interface Dated {
  startDate: string | null;
  dueDate: string | null;
}

export interface Span {
  first: IsoDate;
  last: IsoDate;
  /** Only one of the two dates is set. */
  single: boolean;
}

export function spanOf(issue: Dated): Span | null {
  const first = issue.startDate ?? issue.dueDate;
  const last = issue.dueDate ?? issue.startDate;
  if (first === null || last === null) return null;
  // A start after the due date (the API refuses it, older data may hold it) reads as the due day alone.
  if (first > last) return { first: last, last, single: true };
  return { first, last, single: issue.startDate === null || issue.dueDate === null };
}

export interface BarBox {
  left: number;
  width: number;
  /** The bar goes on before / after the window: its edge there is cut, not rounded. */
  cutStart: boolean;
  cutEnd: boolean;
}

/** The bar's box in the chart, clipped to the window; null when it lies outside. */
export function barBox(w: TimeWindow, span: Span): BarBox | null {
  if (span.last < w.from || span.first > w.to) return null;
  const cutStart = span.first < w.from;
  const cutEnd = span.last > w.to;
  const left = dayToX(w, cutStart ? w.from : span.first);
  const right = dayToX(w, cutEnd ? w.to : span.last) + w.px;
  return { left, width: right - left, cutStart, cutEnd };
}

export type DragMode = 'move' | 'start' | 'end';

/**
 * The dates after dragging by `days`: a move shifts both (a one-date issue keeps its one date);
 * dragging an end moves that end, never past the other (a bar is at least one day), and gives a
 * one-date issue its second date. Null when the bar would not change.
 */
export function draggedDates(issue: Dated, mode: DragMode, days: number): Dated | null {
  const span = spanOf(issue);
  if (!span || days === 0) return null;
  let next: Dated;
  if (mode === 'move') {
    next = { startDate: issue.startDate && addDays(issue.startDate, days), dueDate: issue.dueDate && addDays(issue.dueDate, days) };
  } else if (mode === 'start') {
    const first = addDays(span.first, days);
    next = { startDate: first < span.last ? first : span.last, dueDate: span.last };
  } else {
    const last = addDays(span.last, days);
    next = { startDate: span.first, dueDate: last > span.first ? last : span.first };
  }
  const after = spanOf(next)!;
  return after.first === span.first && after.last === span.last ? null : next;
}

/** The bar's box while dragged `days` (shown with a transform and a width, never written until the drop). */
export function draggedBox(box: BarBox, mode: DragMode, days: number, px: number): { dx: number; width: number } {
  if (mode === 'move') return { dx: days * px, width: box.width };
  if (mode === 'start') {
    const dx = Math.min(days * px, box.width - px);
    return { dx, width: box.width - dx };
  }
  return { dx: 0, width: Math.max(box.width + days * px, px) };
}

/** Which of the bar's parts a press at `x` (px from its left edge) takes: its ends are handles. */
export function modeAt(x: number, width: number, handle = 8): DragMode {
  if (width >= handle * 3 && x <= handle) return 'start';
  if (width >= handle * 3 && x >= width - handle) return 'end';
  return 'move';
}

/** The keyboard: ←/→ move by a day, Shift+←/→ move the end (a resize). */
export function keyDrag(key: string, shift: boolean): { mode: DragMode; days: number } | null {
  const days = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : 0;
  if (!days) return null;
  return { mode: shift ? 'end' : 'move', days };
}

/** Several key presses before a commit add up: the dates after all of them, from the issue's own. */
export function applyKeys(issue: Dated, steps: readonly { mode: DragMode; days: number }[]): Dated {
  let current: Dated = issue;
  for (const step of steps) current = draggedDates(current, step.mode, step.days) ?? current;
  return current;
}

/**
 * The arrow from a blocker's end (x1, y1) to the blocked issue's start (x2, y2): right out of the
 * blocker, down, and into the start from the left; when the start is not to the right of the end,
 * it turns back between the rows.
 */
export function arrowPath(x1: number, y1: number, x2: number, y2: number, rowH: number): string {
  const out = 8;
  if (x2 - out >= x1 + out) {
    const mid = x1 + out;
    return `M${x1} ${y1}H${mid}V${y2}H${x2}`;
  }
  const between = y2 > y1 ? y2 - rowH / 2 : y2 + rowH / 2;
  return `M${x1} ${y1}H${x1 + out}V${between}H${x2 - out}V${y2}H${x2}`;
}

/**
 * The rows to render while row `first` leads the view: those in view and `overscan` around them,
 * the range moving in steps of `chunk` rows, so a scroll renders again once per `chunk` rows.
 */
export function rowRange(first: number, visible: number, count: number, chunk = 8, overscan = 8): { start: number; end: number } {
  const from = Math.floor(Math.max(first, 0) / chunk) * chunk;
  return { start: Math.max(from - overscan, 0), end: Math.min(from + chunk + visible + overscan, count) };
}

/** Days between two dates, inclusive of both (a bar's length). */
export const daysIn = (span: Pick<Span, 'first' | 'last'>) => dayNumber(span.last) - dayNumber(span.first) + 1;
