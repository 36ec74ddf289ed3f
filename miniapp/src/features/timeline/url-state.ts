// The timeline's zoom, date, grouping and filters live in the query string: a link reopens the
// same view, and a project's page links to `/timeline?project=<id>`.
import { isIsoDate, type IsoDate } from '../../lib/iso-dates.ts';
import { GROUPS, type Choice, type GroupBy, type TimelineFilter } from './rows.ts';
import { ZOOMS, type Zoom } from './scale.ts';

export interface TimelineState extends TimelineFilter {
  zoom: Zoom;
  /** The window is laid out around this day. */
  date: IsoDate;
  group: GroupBy;
}

const positive = (v: string | null): number | null => {
  const n = v && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
const choice = (v: string | null): Choice => (v === 'none' ? 'none' : positive(v));
const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => ((list as readonly string[]).includes(v ?? '') ? (v as T) : fallback);

/** Unknown or malformed values fall back to the defaults (month zoom, today, by project, no filters). */
export function parseTimelineQuery(search: string, today: IsoDate): TimelineState {
  const q = new URLSearchParams(search);
  const date = q.get('date');
  return {
    zoom: oneOf(ZOOMS, q.get('zoom'), 'month'),
    date: isIsoDate(date) ? date : today,
    group: oneOf(GROUPS, q.get('group'), 'project'),
    project: positive(q.get('project')),
    assignee: choice(q.get('assignee')),
    milestone: choice(q.get('milestone')),
    cycle: choice(q.get('cycle')),
  };
}

/** The state as a query string; defaults are left out, and today's date too. */
export function timelineQuery(s: TimelineState, today: IsoDate): string {
  const q = new URLSearchParams();
  if (s.zoom !== 'month') q.set('zoom', s.zoom);
  if (s.date !== today) q.set('date', s.date);
  if (s.group !== 'project') q.set('group', s.group);
  for (const key of ['project', 'assignee', 'milestone', 'cycle'] as const) if (s[key] !== null) q.set(key, String(s[key]));
  return q.toString();
}
