import { describe, expect, it } from 'vitest';
import { dayToX, daysForDx, scaleOf, windowOf, xToDay, ZOOM_RULES } from './scale.ts';

const MONDAY = 1;
const SUNDAY = 0;

describe('timeline windows', () => {
  it('a week zoom shows 12 weeks from 4 weeks before the anchor week, 40 px a day', () => {
    const w = windowOf('week', '2026-12-10', MONDAY);
    expect(w).toMatchObject({ from: '2026-11-09', to: '2027-01-31', days: 84, px: 40, width: 3360 });
    // A Sunday-first week moves the window's edge with it.
    expect(windowOf('week', '2026-12-10', SUNDAY).from).toBe('2026-11-08');
  });

  it('a month zoom shows 8 whole months from 2 before the anchor month, 12 px a day', () => {
    const w = windowOf('month', '2026-12-10', MONDAY);
    expect(w).toMatchObject({ from: '2026-10-01', to: '2027-05-31', days: 243, px: 12, width: 243 * 12 });
  });

  it('a quarter zoom shows 4 quarters from the one before the anchor quarter, 4 px a day', () => {
    const w = windowOf('quarter', '2026-12-10', MONDAY);
    expect(w).toMatchObject({ from: '2026-07-01', to: '2027-06-30', days: 365, px: 4 });
    expect(windowOf('quarter', '2027-02-28', MONDAY)).toMatchObject({ from: '2026-10-01', to: '2027-09-30' });
  });

  it('every window fits the server range limit, a leap year included', () => {
    for (const zoom of ['week', 'month', 'quarter'] as const) {
      for (const anchor of ['2028-01-15', '2028-03-01', '2027-12-31']) expect(windowOf(zoom, anchor, MONDAY).days).toBeLessThanOrEqual(400);
    }
  });

  it('previous and next move the anchor by a third or a half of the window', () => {
    expect(ZOOM_RULES.week.step('2026-12-10', 1)).toBe('2027-01-07');
    expect(ZOOM_RULES.month.step('2026-12-31', -1)).toBe('2026-10-31');
    expect(ZOOM_RULES.quarter.step('2026-12-10', 1)).toBe('2027-03-10');
  });
});

describe('day ↔ x', () => {
  it.each([
    ['week', 40],
    ['month', 12],
    ['quarter', 4],
  ] as const)('%s zoom: a day is %i px, x maps back to its day', (zoom, px) => {
    const w = windowOf(zoom, '2026-12-10', MONDAY);
    expect(dayToX(w, w.from)).toBe(0);
    expect(dayToX(w, '2026-12-10')).toBe(((Date.parse('2026-12-10') - Date.parse(w.from)) / 86_400_000) * px);
    expect(xToDay(w, dayToX(w, '2026-12-10'))).toBe('2026-12-10');
    expect(xToDay(w, dayToX(w, '2026-12-10') + px - 1)).toBe('2026-12-10');
    expect(xToDay(w, -50)).toBe(w.from);
    expect(xToDay(w, w.width + 50)).toBe(w.to);
  });

  it('counts days across a daylight-saving change as whole days', () => {
    const w = windowOf('week', '2026-03-29', MONDAY);
    expect(dayToX(w, '2026-03-30') - dayToX(w, '2026-03-29')).toBe(40);
  });

  it('a pointer movement is the nearest whole number of days', () => {
    expect(daysForDx({ px: 40 }, 19)).toBe(0);
    expect(daysForDx({ px: 40 }, 21)).toBe(1);
    expect(daysForDx({ px: 40 }, -61)).toBe(-2);
    expect(daysForDx({ px: 4 }, 10)).toBe(3);
  });
});

describe('the axis', () => {
  it('week zoom: months over days', () => {
    const s = scaleOf(windowOf('week', '2026-12-10', MONDAY), MONDAY);
    expect(s.top).toBe('month');
    expect(s.upper.map((c) => [c.date, c.x, c.width])).toEqual([
      ['2026-11-09', 0, 22 * 40],
      ['2026-12-01', 22 * 40, 31 * 40],
      ['2027-01-01', 53 * 40, 31 * 40],
    ]);
    expect(s.lower).toHaveLength(84);
  });

  it('month zoom: months over weeks, the first week cut at the window', () => {
    const s = scaleOf(windowOf('month', '2026-12-10', MONDAY), MONDAY);
    expect(s.upper).toHaveLength(8);
    expect(s.lower[0]).toEqual({ date: '2026-10-01', x: 0, width: 4 * 12 });
    expect(s.lower[1]).toMatchObject({ date: '2026-10-05', x: 4 * 12 });
  });

  it('quarter zoom: quarters over months', () => {
    const s = scaleOf(windowOf('quarter', '2026-12-10', MONDAY), MONDAY);
    expect(s.upper.map((c) => c.date)).toEqual(['2026-07-01', '2026-10-01', '2027-01-01', '2027-04-01']);
    expect(s.lower).toHaveLength(12);
    expect(s.upper.reduce((sum, c) => sum + c.width, 0)).toBe(365 * 4);
  });
});
