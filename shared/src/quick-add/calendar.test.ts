import { describe, expect, it } from 'vitest';
import { todayDate, todayOf } from './calendar.ts';

describe('today in a time zone (the one rule for server and bot)', () => {
  const lateEvening = new Date('2026-11-25T22:30:00Z');

  it('is the date on the wall clock of that zone', () => {
    expect(todayDate('UTC', lateEvening)).toBe('2026-11-25');
    expect(todayDate('Europe/Moscow', lateEvening)).toBe('2026-11-26');
    expect(todayDate('America/Los_Angeles', lateEvening)).toBe('2026-11-25');
    expect(todayOf('Asia/Tokyo', lateEvening)).toEqual({ year: 2026, month: 11, day: 26 });
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(todayDate('Mars/Olympus_Mons', lateEvening)).toBe('2026-11-25');
  });
});
