// The calendar's view, date and filters live in the query string, so a link reopens the same page.
import { isIsoDate, VIEWS, type CalendarView, type IsoDate } from './dates.ts';

export interface CalendarState {
  view: CalendarView;
  date: IsoDate;
  mine: boolean;
  project: number | null;
  stream: number | null;
}

const positive = (v: string | null) => {
  const n = v && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Unknown or malformed values fall back to the defaults (month view, today, no filters). */
export function parseCalendarQuery(search: string, todayDate: IsoDate): CalendarState {
  const q = new URLSearchParams(search);
  const view = q.get('view');
  const date = q.get('date');
  return {
    view: (VIEWS as readonly string[]).includes(view ?? '') ? (view as CalendarView) : 'month',
    date: isIsoDate(date) ? date : todayDate,
    mine: q.get('mine') === '1',
    project: positive(q.get('project')),
    stream: positive(q.get('stream')),
  };
}

export function calendarQuery(state: CalendarState): string {
  const q = new URLSearchParams();
  q.set('view', state.view);
  q.set('date', state.date);
  if (state.mine) q.set('mine', '1');
  if (state.project) q.set('project', String(state.project));
  if (state.stream) q.set('stream', String(state.stream));
  return q.toString();
}

/** `/issues/create?due=…` keeps the calendar's project and stream filters. */
export function createIssueQuery(due: IsoDate, state: Pick<CalendarState, 'project' | 'stream'>): string {
  const q = new URLSearchParams({ due });
  if (state.project) q.set('project', String(state.project));
  if (state.stream) q.set('stream', String(state.stream));
  return q.toString();
}
