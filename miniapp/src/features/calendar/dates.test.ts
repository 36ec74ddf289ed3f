import { weekStart } from '@tracker/shared/dates';
import { LOCALES } from '@tracker/shared/locales';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  agendaGroups,
  diffDays,
  endOfMonth,
  hiddenPerDay,
  isIsoDate,
  layoutWeek,
  monthGrid,
  shiftDate,
  shiftItem,
  spanOf,
  startOfWeek,
  viewRange,
  weekDays,
} from './dates.ts';
import { calendarQuery, createIssueQuery, parseCalendarQuery } from './url-state.ts';

const item = (id: number, startDate: string | null, dueDate: string | null) => ({ id, startDate, dueDate });

describe('day arithmetic', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26'); // DST ends in Europe on 25 Oct 2026
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(diffDays('2026-03-28', '2026-03-30')).toBe(2);
  });
  it('adds months clamped to the month length', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
  });
  it('validates ISO dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('26-02-01')).toBe(false);
    expect(isIsoDate(null)).toBe(false);
  });
});

describe('weeks', () => {
  // Deliberately changed in issue 27: English weeks started on Sunday here; both languages now start
  // them on Monday (weekStart, shared/src/dates.ts), as the bot and quick add do.
  it('start on Monday in both languages, and end where quick add’s "this week" does; "next week" is the day after', () => {
    const wednesday = new Date('2026-11-04T12:00:00Z');
    for (const locale of LOCALES) {
      const week = weekDays('2026-11-04', weekStart(locale));
      expect(week[0], locale).toBe('2026-11-02');
      const due = (phrase: string) => parseQuickAdd(`Report ${phrase}`, { now: wednesday, timeZone: 'UTC', locale }).dueDate;
      expect(due('this week'), locale).toBe(week[6]);
      expect(due('next week'), locale).toBe(addDays(week[6]!, 1));
      expect(due('на следующей неделе'), locale).toBe(addDays(week[6]!, 1));
    }
  });

  it('start on any weekday the arithmetic is given', () => {
    // 2026-11-04 is a Wednesday.
    expect(startOfWeek('2026-11-04', 1)).toBe('2026-11-02');
    expect(startOfWeek('2026-11-04', 0)).toBe('2026-11-01');
    expect(startOfWeek('2026-11-01', 1)).toBe('2026-10-26'); // a Sunday belongs to the week before
    expect(weekDays('2026-11-04', 0)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
  });
});

describe('month grid', () => {
  it('covers the month in whole weeks from the locale’s first weekday', () => {
    const ru = monthGrid('2026-11-15', 1);
    expect(ru[0]![0]).toBe('2026-10-26');
    expect(ru[ru.length - 1]![6]).toBe('2026-12-06');
    expect(ru).toHaveLength(6);
    const en = monthGrid('2026-11-15', 0);
    expect(en[0]![0]).toBe('2026-11-01');
    expect(en[en.length - 1]![6]).toBe('2026-12-05');
    expect(en).toHaveLength(5);
    for (const week of [...ru, ...en]) expect(week).toHaveLength(7);
  });
  it('is four rows for a February that fits exactly', () => {
    expect(monthGrid('2027-02-01', 1)).toHaveLength(4); // 1 Feb 2027 is a Monday, 28 days
  });
});

describe('view ranges and navigation', () => {
  it('asks for what each view shows', () => {
    expect(viewRange('week', '2026-11-04', 1)).toEqual({ from: '2026-11-02', to: '2026-11-08' });
    expect(viewRange('month', '2026-11-04', 0)).toEqual({ from: '2026-11-01', to: '2026-12-05' });
    expect(viewRange('agenda', '2026-11-04', 0)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });
  it('moves by a week or a month', () => {
    expect(shiftDate('week', '2026-11-04', 1)).toBe('2026-11-11');
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftDate('agenda', '2026-01-31', -1)).toBe('2025-12-01');
  });
});

describe('spans', () => {
  it('uses whichever dates are set', () => {
    expect(spanOf(item(1, '2026-11-02', '2026-11-05'))).toEqual({ start: '2026-11-02', end: '2026-11-05' });
    expect(spanOf(item(1, null, '2026-11-05'))).toEqual({ start: '2026-11-05', end: '2026-11-05' });
    expect(spanOf(item(1, '2026-11-02', null))).toEqual({ start: '2026-11-02', end: '2026-11-02' });
    expect(spanOf(item(1, '2026-11-09', '2026-11-05'))).toEqual({ start: '2026-11-05', end: '2026-11-05' });
    expect(spanOf(item(1, null, null))).toBeNull();
  });

  it('lays segments out in lanes without overlaps, clipped to the week', () => {
    const days = weekDays('2026-11-04', 1); // 2–8 Nov
    const segments = layoutWeek(days, [
      item(1, null, '2026-11-03'),
      item(2, '2026-10-30', '2026-11-04'), // starts last week
      item(3, '2026-11-03', '2026-11-12'), // ends next week
      item(4, null, '2026-11-06'),
      item(5, null, '2026-11-20'), // not this week
    ]);
    const byId = new Map(segments.map((s) => [s.item.id, s]));
    expect(byId.has(5)).toBe(false);
    expect(byId.get(3)).toMatchObject({ startCol: 1, endCol: 6, lane: 0, continuesBefore: false, continuesAfter: true });
    expect(byId.get(2)).toMatchObject({ startCol: 0, endCol: 2, lane: 1, continuesBefore: true, continuesAfter: false });
    expect(byId.get(4)).toMatchObject({ startCol: 4, endCol: 4, lane: 1 });
    expect(byId.get(1)).toMatchObject({ startCol: 1, endCol: 1, lane: 2 });
    for (const a of segments)
      for (const b of segments) {
        if (a === b || a.lane !== b.lane) continue;
        expect(a.endCol < b.startCol || b.endCol < a.startCol).toBe(true);
      }
  });

  it('counts what is hidden past the visible lanes per day', () => {
    const days = weekDays('2026-11-02', 1);
    const segments = layoutWeek(days, [item(1, null, '2026-11-02'), item(2, null, '2026-11-02'), item(3, '2026-11-02', '2026-11-03')]);
    expect(hiddenPerDay(segments, 1)).toEqual([2, 0, 0, 0, 0, 0, 0]);
    expect(hiddenPerDay(segments, 3)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('keeps the span length when moved', () => {
    expect(shiftItem(item(1, '2026-11-02', '2026-11-05'), 3)).toEqual({ startDate: '2026-11-05', dueDate: '2026-11-08' });
    expect(shiftItem(item(1, null, '2026-11-05'), -5)).toEqual({ dueDate: '2026-10-31' });
  });

  it('groups the agenda by due day', () => {
    const groups = agendaGroups([item(1, null, '2026-11-05'), item(2, '2026-11-20', '2026-12-10'), item(3, '2026-10-01', '2026-12-01'), item(4, null, '2026-11-05')], '2026-11-01', '2026-11-30');
    expect(groups.map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-01', [3]],
      ['2026-11-05', [1, 4]],
      ['2026-11-20', [2]],
    ]);
  });
});

describe('query string', () => {
  it('round-trips and falls back to defaults', () => {
    const state = parseCalendarQuery('view=week&date=2026-11-01&mine=1&project=3&stream=2', '2026-01-01');
    expect(state).toEqual({ view: 'week', date: '2026-11-01', mine: true, project: 3, stream: 2 });
    expect(calendarQuery(state)).toBe('view=week&date=2026-11-01&mine=1&project=3&stream=2');
    expect(parseCalendarQuery('view=year&date=2026-13-01&project=x', '2026-01-01')).toEqual({ view: 'month', date: '2026-01-01', mine: false, project: null, stream: null });
    expect(createIssueQuery('2026-11-03', { project: 3, stream: null })).toBe('due=2026-11-03&project=3');
  });
});
