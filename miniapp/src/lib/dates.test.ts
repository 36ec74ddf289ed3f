import { afterEach, describe, expect, it } from 'vitest';
import {
  endOfDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatMonth,
  formatRelative,
  formatTime,
  formatWeekday,
  instantAt,
  isOverdue,
  nextWeekMorning,
  setProfileTimeZone,
  timeZone,
  today,
  tomorrowMorning,
} from './dates.ts';

afterEach(() => setProfileTimeZone(null));

/** ICU puts thin and no-break spaces into ranges and times. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('the user’s day', () => {
  it('is counted in the profile’s zone, in the browser’s while the profile has none', () => {
    const browser = timeZone();
    setProfileTimeZone(browser === 'Australia/Brisbane' ? 'Europe/Moscow' : 'Australia/Brisbane');
    expect(timeZone()).not.toBe(browser);
    setProfileTimeZone('Not/A_Zone'); // unknown to this browser: none
    expect(timeZone()).toBe(browser);
    setProfileTimeZone(null);
    expect(timeZone()).toBe(browser);
  });

  it('is already tomorrow at 23:00 UTC for a user in UTC+10, and an issue due yesterday there is overdue', () => {
    const at = new Date('2026-11-25T23:00:00Z');
    setProfileTimeZone('Australia/Brisbane');
    expect(today(at)).toBe('2026-11-26');
    expect(isOverdue('2026-11-25', at)).toBe(true);
    expect(isOverdue('2026-11-26', at)).toBe(false);
    setProfileTimeZone('UTC');
    expect(today(at)).toBe('2026-11-25');
    expect(isOverdue('2026-11-25', at)).toBe(false);
    expect(isOverdue(null, at)).toBe(false);
  });
});

describe('formatting', () => {
  it('keeps a day on its date whatever the zone', () => {
    for (const zone of ['Pacific/Honolulu', 'Pacific/Kiritimati']) {
      setProfileTimeZone(zone);
      expect(formatDay('2026-11-01', 'en')).toBe('Nov 1');
      expect(formatDay('2026-11-01', 'ru')).toBe('1 нояб.');
      expect(formatWeekday('2026-11-01', 'en')).toBe('Sun');
      expect(formatMonth('2026-11-01', 'en')).toBe('November 2026');
      expect(plain(formatDayRange('2026-11-23', '2026-11-29', 'en'))).toBe('Nov 23 – 29, 2026');
    }
  });

  it('shows an instant on the user’s wall clock', () => {
    const at = '2026-11-25T23:30:00Z';
    setProfileTimeZone('Asia/Tokyo');
    expect(formatDate(at, 'en')).toBe('Nov 26, 2026');
    expect(formatTime(at, 'en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe('08:30');
    setProfileTimeZone('UTC');
    expect(formatDate(at, 'en')).toBe('Nov 25, 2026');
    expect(plain(formatDateTime(at, 'en'))).toBe('Nov 25, 2026, 11:30 PM');
  });

  it('says how long ago in the language', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(formatRelative('2026-11-25T11:57:00Z', now, 'en')).toBe('3 min. ago');
    expect(formatRelative('2026-11-25T09:00:00Z', now, 'en')).toBe('3 hr. ago');
    expect(formatRelative('2026-11-24T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelative('2026-11-25T09:00:00Z', now, 'ru')).toMatch(/^3 ч/);
    expect(formatRelative('2026-11-25T12:00:02Z', now, 'en')).toBe('now');
  });
});

describe('instants of the user’s days', () => {
  it('finds a wall-clock hour in a zone, across daylight saving', () => {
    expect(instantAt('2026-11-26', 9, 'Europe/Moscow').toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(instantAt('2026-03-29', 9, 'Europe/Berlin').toISOString()).toBe('2026-03-29T07:00:00.000Z'); // summer time began at 02:00
    expect(instantAt('2026-03-28', 9, 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(instantAt('2026-11-26', 0, 'Pacific/Kiritimati').toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('snoozes until 09:00 tomorrow, and 09:00 on the Monday that starts next week, in the user’s zone', () => {
    setProfileTimeZone('Europe/Moscow');
    const wednesdayNight = new Date('2026-11-25T20:30:00Z'); // 23:30 in Moscow
    expect(tomorrowMorning(wednesdayNight).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    expect(tomorrowMorning(new Date('2026-11-25T21:30:00Z')).toISOString()).toBe('2026-11-27T06:00:00.000Z'); // already Thursday there
    for (const locale of ['ru', 'en'] as const) {
      expect(nextWeekMorning(locale, wednesdayNight).toISOString()).toBe('2026-11-30T06:00:00.000Z');
      expect(nextWeekMorning(locale, new Date('2026-11-30T05:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z'); // a Monday: a week on
      expect(nextWeekMorning(locale, new Date('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z'); // a Sunday
    }
    expect(tomorrowMorning(new Date('2026-12-31T12:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });

  it('ends a day at its last millisecond in the user’s zone', () => {
    setProfileTimeZone('Asia/Tokyo');
    expect(endOfDay('2026-11-25').toISOString()).toBe('2026-11-25T14:59:59.999Z');
  });
});
