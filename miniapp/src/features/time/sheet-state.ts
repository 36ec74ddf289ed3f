// The timesheet's period and filters live in the query string (a link reopens the same sheet), and
// the grid is built here from the server's cells: pure functions, tested without a browser. Day
// arithmetic is the calendar feature's.
import type { TimesheetResponse } from '@tracker/shared/api/time';
import { addDays, addMonths, diffDays, endOfMonth, isIsoDate, startOfMonth, startOfWeek, type IsoDate, type Weekday } from '../../lib/iso-dates.ts';

export const SHEET_VIEWS = ['week', 'month'] as const;
export type SheetView = (typeof SHEET_VIEWS)[number];

export interface SheetState {
  view: SheetView;
  date: IsoDate;
  /** `null`: me; `'all'`: everyone in the chosen project; else one person. */
  user: number | 'all' | null;
  project: number | null;
}

const positive = (v: string | null) => {
  const n = v && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function parseSheetQuery(search: string, today: IsoDate): SheetState {
  const q = new URLSearchParams(search);
  const view = q.get('view');
  const date = q.get('date');
  const project = positive(q.get('project'));
  const user = q.get('user') === 'all' && project ? 'all' : positive(q.get('user'));
  return { view: view === 'month' ? 'month' : 'week', date: isIsoDate(date) ? date : today, user, project };
}

export function sheetQuery(s: SheetState): string {
  const q = new URLSearchParams({ view: s.view, date: s.date });
  if (s.user !== null) q.set('user', String(s.user));
  if (s.project !== null) q.set('project', String(s.project));
  return q.toString();
}

export function sheetRange(view: SheetView, date: IsoDate, weekStart: Weekday): { from: IsoDate; to: IsoDate } {
  if (view === 'month') return { from: startOfMonth(date), to: endOfMonth(date) };
  const from = startOfWeek(date, weekStart);
  return { from, to: addDays(from, 6) };
}

export const shiftSheet = (view: SheetView, date: IsoDate, step: 1 | -1): IsoDate => (view === 'month' ? addMonths(date, step) : addDays(date, 7 * step));

/** The API query for a state: me by default; everyone needs a project. */
export function apiQuery(s: SheetState, range: { from: IsoDate; to: IsoDate }, me: number | null) {
  const userId = s.user === 'all' ? undefined : (s.user ?? me ?? undefined);
  return { from: range.from, to: range.to, userId, projectId: s.project ?? undefined };
}

export function daysOf(range: { from: IsoDate; to: IsoDate }): IsoDate[] {
  return Array.from({ length: diffDays(range.from, range.to) + 1 }, (_, n) => addDays(range.from, n));
}

export interface Grid {
  days: IsoDate[];
  rows: { issue: TimesheetResponse['issues'][number]; byDay: Map<IsoDate, number>; total: number }[];
  dayTotals: Map<IsoDate, number>;
  total: number;
}

/** Issues × days, each person's time summed into the cell; totals per issue, per day and overall. */
export function buildGrid(sheet: Pick<TimesheetResponse, 'issues' | 'cells'>, days: IsoDate[]): Grid {
  const rows = new Map(sheet.issues.map((issue) => [issue.id, { issue, byDay: new Map<IsoDate, number>(), total: 0 }]));
  const dayTotals = new Map<IsoDate, number>();
  let total = 0;
  for (const c of sheet.cells) {
    const row = rows.get(c.issueId);
    if (!row) continue;
    row.byDay.set(c.date, (row.byDay.get(c.date) ?? 0) + c.minutes);
    row.total += c.minutes;
    dayTotals.set(c.date, (dayTotals.get(c.date) ?? 0) + c.minutes);
    total += c.minutes;
  }
  return { days, rows: [...rows.values()], dayTotals, total };
}
