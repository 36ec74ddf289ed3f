// The date rules of cycles (issue 29), written once for the server, the web app and the bot. A
// cycle covers [startsOn, endsOn): `endsOn` is the day the next one starts. A cadence's
// `startDay` is an ISO weekday (1 = Monday … 7 = Sunday).
import { CYCLE_MAX_DAYS } from './api/values/cycles.ts';
import { addDays, todayIn, weekdayOf } from './dates.ts';

export interface Cadence {
  weeks: number;
  startDay: number;
}
export interface CycleSpan {
  startsOn: string;
  endsOn: string;
}
export type CycleState = 'upcoming' | 'current' | 'past';

/** The latest day on or before `date` that falls on ISO weekday `startDay`. */
export function lastStartDay(date: string, startDay: number): string {
  return addDays(date, -((weekdayOf(date) - (startDay % 7) + 7) % 7));
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The next cycle of a cadence after a project's last one (ending `lastEnd`, or none), as of `today`.
 * With nothing current, it starts on the cadence's latest start day (so today is in it) or right
 * after the last cycle, whichever is later. It ends on a start day `weeks` weeks on; a cycle that
 * began off the cadence's day (the day changed) ends on the start day nearest to that, never past
 * CYCLE_MAX_DAYS, so the following ones fall on the day again.
 */
export function nextCycleSpan(lastEnd: string | null, today: string, cadence: Cadence): CycleSpan {
  const aligned = lastStartDay(today, cadence.startDay);
  const startsOn = lastEnd && lastEnd > aligned ? lastEnd : aligned;
  const target = addDays(startsOn, cadence.weeks * 7);
  let offset = ((cadence.startDay % 7) - weekdayOf(target) + 7) % 7;
  if (offset > 3 || cadence.weeks * 7 + offset > CYCLE_MAX_DAYS) offset -= 7;
  return { startsOn, endsOn: addDays(target, offset) };
}

export function cycleState(span: CycleSpan, today: string): CycleState {
  if (today < span.startsOn) return 'upcoming';
  return today < span.endsOn ? 'current' : 'past';
}

/** The cycle `today` falls in, and the one after it (the first upcoming one when none is current). */
export function currentAndNext<T extends CycleSpan>(cycles: readonly T[], today: string): { current: T | null; next: T | null } {
  const sorted = [...cycles].sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1));
  const current = sorted.find((c) => cycleState(c, today) === 'current') ?? null;
  const next = sorted.find((c) => c.startsOn >= (current?.endsOn ?? addDays(today, 1))) ?? null;
  return { current, next };
}

/**
 * `currentAndNext` at an instant, each cycle judged on the day it is in its own time zone (as the
 * server judges an ended one): what a quick add's `*current` and `*next` name.
 */
export function currentAndNextAt<T extends CycleSpan & { timeZone: string }>(cycles: readonly T[], now: Date): { current: T | null; next: T | null } {
  const sorted = [...cycles].sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1));
  const stateOf = (c: T) => cycleState(c, todayIn(c.timeZone, now));
  const current = sorted.find((c) => stateOf(c) === 'current') ?? null;
  const next = current ? (sorted.find((c) => c.startsOn >= current.endsOn) ?? null) : (sorted.find((c) => stateOf(c) === 'upcoming') ?? null);
  return { current, next };
}
