// The date rules of the web app, the bot, the server and quick add, written once: what "today" is,
// when an issue is overdue, and on which day a week starts. Today is the user's: the date on the
// wall clock of their profile's time zone (notification settings), or, while the profile has none,
// of the browser's (web app) or DEFAULT_TIME_ZONE (server and bot). Dates are `YYYY-MM-DD`
// strings, as the API sends them; arithmetic goes through UTC, which has no daylight saving.
// SQL that must decide the same per row has twins in server/src/db/local-date.ts, which
// local-date.test.ts holds to these.
import { DEFAULT_TIME_ZONE } from './limits.ts';
import type { Locale } from './locales.ts';

/** 0 = Sunday … 6 = Saturday, as `Date.getUTCDay()`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY_MS = 86_400_000;

/**
 * The first day of the week in each UI language: Monday in both. Russian weeks start on Monday, and
 * the app's English is British (i18n.test.ts holds its spelling to that), whose weeks start on
 * Monday too. A table, not `Intl.Locale#getWeekInfo()` at run time: not every browser has week
 * info, and the bot, the server and every browser must agree. dates.test.ts checks the table
 * against Node's week info for ru-RU and en-GB.
 */
const WEEK_START: Record<Locale, Weekday> = { ru: 1, en: 1 };

export function weekStart(locale: Locale): Weekday {
  return WEEK_START[locale];
}

/** The user's time zone: their profile's, else `fallback` (the browser's in the web app). */
export function userTimeZone(profile: string | null | undefined, fallback: string = DEFAULT_TIME_ZONE): string {
  return profile || fallback;
}

const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

/** Formats calendar parts of an instant in `timeZone`; null for a zone this runtime does not know. */
function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The date on the wall clock of `timeZone` at `now` (of UTC when the zone is unknown). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = dayFormat(timeZone) ?? dayFormat('UTC')!;
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Overdue: due strictly before `today`. For callers that already hold the user's today (a list, a digest). */
export function isOverdueOn(due: string | null | undefined, today: string): boolean {
  return !!due && due < today;
}

/** Overdue: due strictly before today in the user's zone. Whether the issue is still open is the caller's to check. */
export function isOverdue(due: string | null | undefined, timeZone: string, now: Date = new Date()): boolean {
  return isOverdueOn(due, todayIn(timeZone, now));
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/** The first day of the week that holds `date`. */
export function startOfWeek(date: string, first: Weekday): string {
  return addDays(date, -((weekdayOf(date) - first + 7) % 7));
}

/** The last day of the week that holds `date`: what "this week" means for a due date. */
export function endOfWeek(date: string, first: Weekday): string {
  return addDays(startOfWeek(date, first), 6);
}

/** The first day of the week after the one that holds `date`: what "next week" means for a due date. */
export function startOfNextWeek(date: string, first: Weekday): string {
  return addDays(startOfWeek(date, first), 7);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The first day of the `weeks` whole weeks that end with the one holding `date`: the start of a
 * report's range of the last `weeks` weeks (insights: 12), the current week included.
 */
export function startOfWeeksBack(date: string, weeks: number, first: Weekday): string {
  return addDays(startOfWeek(date, first), -7 * (weeks - 1));
}
