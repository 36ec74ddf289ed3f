// SLA clocks (issue 29, docs/sla.md): how far a deadline lies from its start in a project's working
// time. In calendar mode every hour counts; in business mode only the hours of working days do, each
// such day counted whole from midnight to midnight on the wall clock of the project's zone (so 24 h
// is one working day, and a working day that DST shortens or lengthens counts 23 or 25 hours).
// Wall-clock days come from @date-fns/tz, which keeps date-fns' day arithmetic in a zone.
// One import per function: the package's root loads all of its ~300 modules, each checked against
// its 200 KB package.json, which made the server's start 2.5 s slower.
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { getISODay } from 'date-fns/getISODay';
import { startOfDay } from 'date-fns/startOfDay';

export const HOUR_MS = 3_600_000;

export interface WorkCalendar {
  /** An IANA zone: where a day starts and ends. */
  timeZone: string;
  /** Only working days count (true), or every hour (false). */
  businessDays: boolean;
  /** ISO weekdays that are working days, 1 = Monday … 7 = Sunday. */
  workingDays: readonly number[];
}

/** A week has at most 7 days to skip; a span is walked a day at a time, so it is bounded by this many days. */
const MAX_DAYS = 20 * 366;

/** One working-time segment walk: calls `day` with each day's [start, end) from the one holding `from`. */
function* days(from: number, cal: WorkCalendar): Generator<{ start: number; end: number; working: boolean }> {
  const working = new Set(cal.workingDays);
  let day = startOfDay(new TZDate(from, cal.timeZone));
  for (let n = 0; n < MAX_DAYS; n++) {
    const next = addDays(day, 1);
    yield { start: day.getTime(), end: next.getTime(), working: working.has(getISODay(day)) };
    day = next;
  }
  throw new RangeError('working time beyond the walk');
}

/** The instant `ms` of working time after `start` (`start` itself for 0). */
export function addWorkingTime(start: Date, ms: number, cal: WorkCalendar): Date {
  if (!cal.businessDays || ms <= 0) return new Date(start.getTime() + Math.max(ms, 0));
  if (!cal.workingDays.length) throw new RangeError('no working days');
  let left = ms;
  const from = start.getTime();
  for (const d of days(from, cal)) {
    if (!d.working) continue;
    const begin = Math.max(d.start, from);
    if (left <= d.end - begin) return new Date(begin + left);
    left -= d.end - begin;
  }
  throw new RangeError('unreachable');
}

/** Working time from `start` to `end` (0 when `end` is not after `start`). */
export function workingTimeBetween(start: Date, end: Date, cal: WorkCalendar): number {
  const [from, to] = [start.getTime(), end.getTime()];
  if (to <= from) return 0;
  if (!cal.businessDays) return to - from;
  let total = 0;
  for (const d of days(from, cal)) {
    if (d.start >= to) break;
    if (d.working) total += Math.min(d.end, to) - Math.max(d.start, from);
  }
  return total;
}

/** The deadline `hours` of working time (plus the pauses it already moved by) after `start`; null without a target. */
export function deadlineAfter(start: Date, hours: number | null, pausedMs: number, cal: WorkCalendar): Date | null {
  return hours == null ? null : addWorkingTime(start, hours * HOUR_MS + pausedMs, cal);
}
