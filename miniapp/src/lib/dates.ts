// Dates in the web app, in one module (issue 27), the only one that makes Intl date formatters (the
// lint forbids them elsewhere).
// - The rules (today, overdue, week start) are shared/src/dates.ts's, applied in the user's time
//   zone: their profile's, the browser's only while the profile has none.
// - Days (`YYYY-MM-DD`: due dates, calendar cells, time entries) are formatted in UTC, so a day never
//   moves with a zone; instants (API timestamps) in the user's zone.
// - Formatters are made once per locale, options and zone: making one costs far more than using it,
//   and a list formats hundreds of dates.
import { addDays, isOverdueOn, startOfNextWeek, todayIn, userTimeZone, weekStart } from '@tracker/shared/dates';
import { LOCALE_TAGS, type Locale } from '@tracker/shared/locales';

export type DateOptions = Omit<Intl.DateTimeFormatOptions, 'timeZone'>;

let profileZone: string | null = null;

/** The signed-in user's profile zone (`User.time_zone`); null when signed out or while they have chosen none. */
export function setProfileTimeZone(zone: string | null | undefined): void {
  profileZone = zone && knownZone(zone) ? zone : null;
}

/** A zone this browser's time zone data lacks counts as none (the server's data may be newer). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const BROWSER_ZONE = new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The user's time zone: the profile's, else the browser's. */
export function timeZone(): string {
  return userTimeZone(profileZone, BROWSER_ZONE);
}

/** Today (`YYYY-MM-DD`) in the user's time zone. */
export function today(now: Date = new Date()): string {
  return todayIn(timeZone(), now);
}

/** Overdue: due strictly before the user's today. Whether the issue is still open is the caller's to check. */
export function isOverdue(due: string | null | undefined, now: Date = new Date()): boolean {
  return isOverdueOn(due, today(now));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: DateOptions, zone: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: zone })));
  return format;
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** A day (`YYYY-MM-DD`): "25 нояб." / "Nov 25" unless `options` say otherwise. */
export function formatDay(date: string, locale: Locale, options: DateOptions = { day: 'numeric', month: 'short' }): string {
  return formatter(locale, options, 'UTC').format(utcDay(date));
}

/** From one day to another, as one phrase ("23–29 Nov 2026"). */
export function formatDayRange(from: string, to: string, locale: Locale, options: DateOptions = { day: 'numeric', month: 'short', year: 'numeric' }): string {
  return formatter(locale, options, 'UTC').formatRange(utcDay(from), utcDay(to));
}

/** A day's month: "ноябрь 2026" / "November 2026" unless `options` say otherwise. */
export function formatMonth(date: string, locale: Locale, options: DateOptions = { month: 'long', year: 'numeric' }): string {
  return formatter(locale, options, 'UTC').format(utcDay(date));
}

/** A day's weekday: "пн" / "Mon", or the whole word. */
export function formatWeekday(date: string, locale: Locale, width: 'short' | 'long' = 'short'): string {
  return formatter(locale, { weekday: width }, 'UTC').format(utcDay(date));
}

/** The date of an instant in the user's zone: "25 нояб. 2026 г." / "Nov 25, 2026" unless `options` say otherwise. */
export function formatDate(value: string | Date, locale: Locale, options: DateOptions = { dateStyle: 'medium' }): string {
  return formatter(locale, options, timeZone()).format(instant(value));
}

/** An instant with its time, in the user's zone. */
export function formatDateTime(value: string | Date, locale: Locale, options: DateOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return formatter(locale, options, timeZone()).format(instant(value));
}

/** The time of an instant in the user's zone. */
export function formatTime(value: string | Date, locale: Locale, options: DateOptions = { timeStyle: 'short' }): string {
  return formatter(locale, options, timeZone()).format(instant(value));
}

const relativeFormatters = new Map<Locale, Intl.RelativeTimeFormat>();

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** How long ago an instant was: "5 мин. назад", "yesterday". */
export function formatRelative(value: string | Date, now: Date, locale: Locale): string {
  let format = relativeFormatters.get(locale);
  if (!format) relativeFormatters.set(locale, (format = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto', style: 'short' })));
  // Never "in 1 sec.": the server's clock may run a little ahead of this one.
  let seconds = Math.min(0, (instant(value).getTime() - now.getTime()) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) < size) return format.format(Math.round(seconds), unit);
    seconds /= size;
  }
  return format.format(Math.round(seconds), 'year');
}

/** The instant that is `hour`:00 on the day `date` on the wall clock of `zone` (the first such, on a day the clocks change). */
export function instantAt(date: string, hour: number, zone: string = timeZone()): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // The zone's offset at a guess, then at the corrected guess: right unless `hour` falls in a gap.
  const first = wall - offsetMs(zone, new Date(wall));
  return new Date(wall - offsetMs(zone, new Date(first)));
}

/** How far the wall clock of `zone` is ahead of UTC at `at`. */
function offsetMs(zone: string, at: Date): number {
  const parts = formatter('en', { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }, zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const MORNING_HOUR = 9;

/** 09:00 tomorrow in the user's zone: a snooze. */
export function tomorrowMorning(now: Date = new Date()): Date {
  return instantAt(addDays(today(now), 1), MORNING_HOUR);
}

/** 09:00 on the first day of next week (the locale's week) in the user's zone: a snooze. */
export function nextWeekMorning(locale: Locale, now: Date = new Date()): Date {
  return instantAt(startOfNextWeek(today(now), weekStart(locale)), MORNING_HOUR);
}

/** The last moment of the day `date` in the user's zone (a token's last day). */
export function endOfDay(date: string): Date {
  return new Date(instantAt(addDays(date, 1), 0).getTime() - 1);
}

/** A `YYYY-MM-DD` value as a day; anything else as it is. */
export function formatDayValue(value: string, locale: Locale): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value, locale, { day: 'numeric', month: 'short', year: 'numeric' }) : value;
}
