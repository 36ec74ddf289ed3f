import { describe, expect, it } from 'vitest';
import { currentAndNext, currentAndNextAt, cycleState, daysBetween, lastStartDay, nextCycleSpan } from './cycle-dates.ts';
import { weekdayOf } from './dates.ts';

describe('cycle dates', () => {
  it('finds the latest start day on or before a date (ISO weekdays, Sunday = 7)', () => {
    expect(lastStartDay('2026-11-29', 1)).toBe('2026-11-23'); // a Sunday → the Monday before
    expect(lastStartDay('2026-11-30', 1)).toBe('2026-11-30');
    expect(lastStartDay('2026-11-30', 7)).toBe('2026-11-29');
    expect(lastStartDay('2026-12-02', 3)).toBe('2026-12-02');
  });

  it('makes the first cycle of a cadence around today, and the next ones end to end', () => {
    const first = nextCycleSpan(null, '2026-11-29', { weeks: 2, startDay: 1 });
    expect(first).toEqual({ startsOn: '2026-11-23', endsOn: '2026-12-07' });
    expect(nextCycleSpan(first.endsOn, '2026-11-29', { weeks: 2, startDay: 1 })).toEqual({ startsOn: '2026-12-07', endsOn: '2026-12-21' });
    expect(nextCycleSpan(null, '2026-11-29', { weeks: 1, startDay: 7 })).toEqual({ startsOn: '2026-11-29', endsOn: '2026-12-06' });
    expect(nextCycleSpan(null, '2026-11-29', { weeks: 4, startDay: 5 })).toEqual({ startsOn: '2026-11-27', endsOn: '2026-12-25' });
  });

  it('falls back onto the cadence’s day after a cycle that ended off it, the nearest start day, within 4 weeks', () => {
    for (const weeks of [1, 2, 3, 4]) {
      const span = nextCycleSpan('2026-12-02', '2026-11-29', { weeks, startDay: 1 }); // after a Wednesday end
      expect(span.startsOn).toBe('2026-12-02');
      expect(weekdayOf(span.endsOn)).toBe(1);
      expect(Math.abs(daysBetween(span.startsOn, span.endsOn) - weeks * 7)).toBeLessThanOrEqual(3);
      expect(daysBetween(span.startsOn, span.endsOn)).toBeLessThanOrEqual(28);
    }
    // A last cycle that ended long ago leaves a gap: the new one holds today.
    expect(nextCycleSpan('2026-01-05', '2026-11-29', { weeks: 2, startDay: 1 }).startsOn).toBe('2026-11-23');
  });

  it('tells upcoming, current and past apart at the day boundaries', () => {
    const span = { startsOn: '2026-11-23', endsOn: '2026-12-07' };
    expect(cycleState(span, '2026-11-22')).toBe('upcoming');
    expect(cycleState(span, '2026-11-23')).toBe('current');
    expect(cycleState(span, '2026-12-06')).toBe('current');
    expect(cycleState(span, '2026-12-07')).toBe('past');
    const next = { startsOn: '2026-12-07', endsOn: '2026-12-21' };
    expect(currentAndNext([next, span], '2026-11-29')).toEqual({ current: span, next });
    expect(currentAndNext([next], '2026-11-29')).toEqual({ current: null, next });
    expect(currentAndNext([span], '2026-12-10')).toEqual({ current: null, next: null });
  });
});

describe('the current and next cycle at an instant', () => {
  const cycle = (id: number, startsOn: string, endsOn: string, timeZone = 'Europe/Moscow') => ({ id, startsOn, endsOn, timeZone });
  const cycles = [cycle(3, '2026-12-07', '2026-12-21'), cycle(1, '2026-11-09', '2026-11-23'), cycle(2, '2026-11-23', '2026-12-07')];

  it('finds the one today falls in, in its zone, and the one after it', () => {
    const { current, next } = currentAndNextAt(cycles, new Date('2026-11-29T12:00:00Z'));
    expect([current?.id, next?.id]).toEqual([2, 3]);
  });

  it('judges the day in each cycle’s own zone: past Moscow’s midnight the next one has begun', () => {
    // 21:30 UTC on 6 Dec is 00:30 on 7 Dec in Moscow.
    expect(currentAndNextAt(cycles, new Date('2026-12-06T21:30:00Z')).current?.id).toBe(3);
    expect(currentAndNextAt(cycles.map((c) => ({ ...c, timeZone: 'UTC' })), new Date('2026-12-06T21:30:00Z')).current?.id).toBe(2);
  });

  it('without a current one, the next is the first upcoming; without cycles, neither', () => {
    const gap = [cycle(1, '2026-11-09', '2026-11-16'), cycle(2, '2026-12-07', '2026-12-21')];
    expect(currentAndNextAt(gap, new Date('2026-11-29T12:00:00Z'))).toEqual({ current: null, next: gap[1] });
    expect(currentAndNextAt(cycles, new Date('2027-01-10T12:00:00Z'))).toEqual({ current: null, next: null });
    expect(currentAndNextAt([], new Date())).toEqual({ current: null, next: null });
  });
});
