import { describe, expect, it } from 'vitest';
import { nextWeekMorning, relativeTime, tomorrowMorning } from './time.ts';

describe('inbox times', () => {
  it('snoozes until tomorrow morning and next Monday morning', () => {
    const wednesday = new Date(2026, 10, 25, 22, 30);
    expect(tomorrowMorning(wednesday)).toEqual(new Date(2026, 10, 26, 9));
    expect(nextWeekMorning(wednesday)).toEqual(new Date(2026, 10, 30, 9));
    const monday = new Date(2026, 10, 30, 8);
    expect(nextWeekMorning(monday)).toEqual(new Date(2026, 11, 7, 9));
    const sunday = new Date(2026, 10, 29, 12);
    expect(nextWeekMorning(sunday)).toEqual(new Date(2026, 10, 30, 9));
    // The month and year roll over.
    expect(tomorrowMorning(new Date(2026, 11, 31, 12))).toEqual(new Date(2027, 0, 1, 9));
  });

  it('says how long ago in the language', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(relativeTime('2026-11-25T11:57:00Z', now, 'en')).toBe('3 min. ago');
    expect(relativeTime('2026-11-25T09:00:00Z', now, 'en')).toBe('3 hr. ago');
    expect(relativeTime('2026-11-24T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-25T09:00:00Z', now, 'ru')).toMatch(/^3 ч/);
    expect(relativeTime('2026-11-25T12:00:02Z', now, 'en')).toBe('now');
  });
});
