import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, endOfWeek, isOverdue, isOverdueOn, startOfNextWeek, startOfWeek, startOfWeeksBack, todayIn, userTimeZone, weekStart, weekdayOf } from './dates.ts';
import { DEFAULT_TIME_ZONE } from './limits.ts';
import { LOCALES } from './locales.ts';

describe('today in a time zone', () => {
  const lateEvening = new Date('2026-11-25T22:30:00Z');

  it('is the date on the wall clock of that zone', () => {
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-25');
    expect(todayIn('Europe/Moscow', lateEvening)).toBe('2026-11-26');
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2026-11-25');
    expect(todayIn('Asia/Tokyo', lateEvening)).toBe('2026-11-26');
  });

  it('is already tomorrow for a user in UTC+10 at 23:00 UTC, and still yesterday in UTC−10', () => {
    const at = new Date('2026-11-25T23:00:00Z');
    expect(todayIn('Australia/Brisbane', at)).toBe('2026-11-26');
    expect(todayIn('Pacific/Honolulu', at)).toBe('2026-11-25');
    expect(todayIn('Pacific/Honolulu', new Date('2026-11-26T09:59:00Z'))).toBe('2026-11-25');
  });

  it('turns at local midnight on a daylight-saving day', () => {
    // Europe/Berlin goes to summer time at 01:00 UTC on 29 March 2026.
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(todayIn('Mars/Olympus_Mons', lateEvening)).toBe('2026-11-25');
  });
});

describe('the user’s time zone', () => {
  it('is the profile’s; the fallback (the browser’s) only when the profile has none', () => {
    expect(userTimeZone('Asia/Vladivostok', 'Europe/London')).toBe('Asia/Vladivostok');
    expect(userTimeZone(null, 'Europe/London')).toBe('Europe/London');
    expect(userTimeZone(undefined, 'Europe/London')).toBe('Europe/London');
    expect(userTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
  });
});

describe('overdue: due strictly before today in the user’s zone', () => {
  const at = new Date('2026-11-25T23:00:00Z'); // 09:00 on 26 November in UTC+10

  it('depends on whose today it is', () => {
    expect(isOverdue('2026-11-25', 'Australia/Brisbane', at)).toBe(true);
    expect(isOverdue('2026-11-25', 'UTC', at)).toBe(false);
    expect(isOverdue('2026-11-26', 'Australia/Brisbane', at)).toBe(false);
    expect(isOverdue('2026-11-24', 'Pacific/Honolulu', at)).toBe(true);
  });

  it('is never a date due today or later, nor no date', () => {
    expect(isOverdueOn('2026-11-26', '2026-11-26')).toBe(false);
    expect(isOverdueOn('2026-12-01', '2026-11-26')).toBe(false);
    expect(isOverdueOn(null, '2026-11-26')).toBe(false);
    expect(isOverdueOn('', '2026-11-26')).toBe(false);
  });
});

describe('week start', () => {
  it('is Monday in Russian and in the app’s (British) English', () => {
    expect(weekStart('ru')).toBe(1);
    expect(weekStart('en')).toBe(1);
  });

  it('agrees with the locale data of ru-RU and en-GB where the runtime has week info', () => {
    const firstDay = (tag: string): number | undefined => {
      const locale = new Intl.Locale(tag) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
      return (locale.getWeekInfo?.() ?? locale.weekInfo)?.firstDay;
    };
    const tags = { ru: 'ru-RU', en: 'en-GB' } as const;
    for (const locale of LOCALES) {
      const day = firstDay(tags[locale]);
      if (day !== undefined) expect(weekStart(locale), locale).toBe(day % 7); // week info counts Sunday as 7
    }
  });

  it('puts a Sunday in the week that began the Monday before', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(startOfWeek('2026-11-22', 1)).toBe('2026-11-16');
    expect(endOfWeek('2026-11-22', 1)).toBe('2026-11-22');
    expect(startOfNextWeek('2026-11-22', 1)).toBe('2026-11-23');
  });

  it('gives this week’s last day and next week’s first for every day of a week', () => {
    for (let i = 0; i < 7; i++) {
      const day = addDays('2026-11-23', i); // Monday 23 … Sunday 29 November
      expect(startOfWeek(day, 1), day).toBe('2026-11-23');
      expect(endOfWeek(day, 1), day).toBe('2026-11-29');
      expect(startOfNextWeek(day, 1), day).toBe('2026-11-30');
    }
    expect(startOfWeek('2026-11-28', 0)).toBe('2026-11-22'); // a Sunday-first week, for the arithmetic
  });

  it('counts days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1);
  });

  it('starts a range of the last n weeks on the first day of the week n − 1 weeks back', () => {
    // Sunday 29 November 2026: its week began on Monday 23; 12 weeks end with it.
    expect(startOfWeeksBack('2026-11-29', 12, 1)).toBe('2026-09-07');
    expect(startOfWeeksBack('2026-11-23', 12, 1)).toBe('2026-09-07');
    expect(startOfWeeksBack('2026-11-23', 1, 1)).toBe('2026-11-23');
    expect(daysBetween(startOfWeeksBack('2026-11-29', 12, 1), '2026-11-29')).toBe(12 * 7 - 1);
  });
});
