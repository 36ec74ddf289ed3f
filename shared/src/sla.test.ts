import { describe, expect, it } from 'vitest';
import { addWorkingTime, HOUR_MS, workingTimeBetween, type WorkCalendar } from './sla.ts';

const at = (iso: string) => new Date(iso);
const weekdays: WorkCalendar = { timeZone: 'Europe/Moscow', businessDays: true, workingDays: [1, 2, 3, 4, 5] };
const calendar: WorkCalendar = { ...weekdays, businessDays: false };

describe('addWorkingTime', () => {
  it('counts every hour in calendar mode, weekends and all', () => {
    // Friday 2026-12-11 15:00 Moscow (+03:00).
    expect(addWorkingTime(at('2026-12-11T12:00:00Z'), 24 * HOUR_MS, calendar).toISOString()).toBe('2026-12-12T12:00:00.000Z');
  });

  it('skips a weekend in business mode: 24 h from Friday afternoon ends on Monday afternoon', () => {
    // Friday 15:00 Moscow: 9 h of Friday left, then Saturday and Sunday do not count, 15 h of Monday.
    expect(addWorkingTime(at('2026-12-11T12:00:00Z'), 24 * HOUR_MS, weekdays).toISOString()).toBe('2026-12-14T12:00:00.000Z');
  });

  it('starts a clock begun on a weekend at the next working midnight', () => {
    // Saturday 10:00 Moscow → Monday 00:00 Moscow (Sunday 21:00 UTC) + 2 h.
    expect(addWorkingTime(at('2026-12-12T07:00:00Z'), 2 * HOUR_MS, weekdays).toISOString()).toBe('2026-12-13T23:00:00.000Z');
  });

  it('ends at a working day\'s midnight when the time runs out exactly there', () => {
    // Friday 00:00 Moscow + 24 h = Saturday 00:00 Moscow, not Monday.
    expect(addWorkingTime(at('2026-12-10T21:00:00Z'), 24 * HOUR_MS, weekdays).toISOString()).toBe('2026-12-11T21:00:00.000Z');
  });

  it('counts a DST day by its real length (23 h in Berlin on 2026-03-29)', () => {
    const everyDay: WorkCalendar = { timeZone: 'Europe/Berlin', businessDays: true, workingDays: [1, 2, 3, 4, 5, 6, 7] };
    // Saturday 28 March 12:00 CET + 48 h of working time = Monday 13:00 CEST (the clocks went forward).
    const end = addWorkingTime(at('2026-03-28T11:00:00Z'), 48 * HOUR_MS, everyDay);
    expect(end.toISOString()).toBe('2026-03-30T11:00:00.000Z');
    // A weekday-only calendar skips that Sunday whole, whatever its length.
    expect(addWorkingTime(at('2026-03-27T11:00:00Z'), 24 * HOUR_MS, { ...everyDay, workingDays: [1, 2, 3, 4, 5] }).toISOString()).toBe('2026-03-30T10:00:00.000Z');
  });

  it('counts the long autumn day as 25 h (New York, 2026-11-01, a working Sunday)', () => {
    const sundays: WorkCalendar = { timeZone: 'America/New_York', businessDays: true, workingDays: [7] };
    // Sunday 00:00 EDT (04:00 UTC) + 25 h = Monday 00:00 EST (05:00 UTC): the whole day.
    expect(addWorkingTime(at('2026-11-01T04:00:00Z'), 25 * HOUR_MS, sundays).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // One hour more spills into the next Sunday.
    expect(addWorkingTime(at('2026-11-01T04:00:00Z'), 26 * HOUR_MS, sundays).toISOString()).toBe('2026-11-08T06:00:00.000Z');
  });

  it('keeps the start for no time, and refuses a calendar without working days', () => {
    expect(addWorkingTime(at('2026-12-12T07:00:00Z'), 0, weekdays).toISOString()).toBe('2026-12-12T07:00:00.000Z');
    expect(() => addWorkingTime(at('2026-12-12T07:00:00Z'), HOUR_MS, { ...weekdays, workingDays: [] })).toThrow(RangeError);
  });
});

describe('workingTimeBetween', () => {
  it('is the inverse of addWorkingTime', () => {
    const start = at('2026-12-11T12:00:00Z');
    for (const hours of [1, 9, 10, 24, 100, 168]) {
      expect(workingTimeBetween(start, addWorkingTime(start, hours * HOUR_MS, weekdays), weekdays)).toBe(hours * HOUR_MS);
    }
  });

  it('leaves weekends out, and is everything in calendar mode', () => {
    // Friday 15:00 → Monday 03:00 Moscow: 9 h of Friday and 3 h of Monday.
    const [from, to] = [at('2026-12-11T12:00:00Z'), at('2026-12-14T00:00:00Z')];
    expect(workingTimeBetween(from, to, weekdays)).toBe(12 * HOUR_MS);
    expect(workingTimeBetween(from, to, calendar)).toBe(60 * HOUR_MS);
    expect(workingTimeBetween(to, from, weekdays)).toBe(0);
    // All within a weekend: nothing.
    expect(workingTimeBetween(at('2026-12-12T07:00:00Z'), at('2026-12-13T07:00:00Z'), weekdays)).toBe(0);
  });
});
