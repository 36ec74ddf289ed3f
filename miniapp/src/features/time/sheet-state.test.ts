import { describe, expect, it } from 'vitest';
import { apiQuery, buildGrid, daysOf, parseSheetQuery, sheetQuery, sheetRange, shiftSheet } from './sheet-state.ts';

describe('timesheet state', () => {
  it('reads and writes the query string, falling back on bad values', () => {
    expect(parseSheetQuery('', '2026-11-26')).toEqual({ view: 'week', date: '2026-11-26', user: null, project: null });
    const s = parseSheetQuery('view=month&date=2026-02-10&user=all&project=4', '2026-11-26');
    expect(s).toEqual({ view: 'month', date: '2026-02-10', user: 'all', project: 4 });
    expect(parseSheetQuery(sheetQuery(s), 'x')).toEqual(s);
    // Everyone needs a project; a bad date or view falls back.
    expect(parseSheetQuery('user=all&date=2026-02-30&view=year', '2026-11-26')).toEqual({ view: 'week', date: '2026-11-26', user: null, project: null });
  });

  it('spans a week from the locale’s first day, or a whole month, and steps by them', () => {
    expect(sheetRange('week', '2026-11-26', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(sheetRange('week', '2026-11-26', 0)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(sheetRange('month', '2028-02-15', 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(shiftSheet('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftSheet('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(daysOf({ from: '2026-10-24', to: '2026-10-26' })).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('asks for me by default and for everyone in a project', () => {
    const range = { from: '2026-11-23', to: '2026-11-29' };
    expect(apiQuery({ view: 'week', date: '2026-11-26', user: null, project: null }, range, 7)).toEqual({ ...range, userId: 7, projectId: undefined });
    expect(apiQuery({ view: 'week', date: '2026-11-26', user: 'all', project: 3 }, range, 7)).toEqual({ ...range, userId: undefined, projectId: 3 });
  });

  it('sums people into cells, with totals per issue, day and overall', () => {
    const days = daysOf({ from: '2026-11-23', to: '2026-11-29' });
    const grid = buildGrid(
      {
        issues: [
          { id: 1, key: 'A-1', title: 'One', projectId: 1 },
          { id: 2, key: 'A-2', title: 'Two', projectId: 1 },
        ],
        cells: [
          { issueId: 1, userId: 10, date: '2026-11-23', minutes: 60 },
          { issueId: 1, userId: 11, date: '2026-11-23', minutes: 30 },
          { issueId: 2, userId: 10, date: '2026-11-24', minutes: 45 },
        ],
      },
      days,
    );
    expect(grid.rows.map((r) => [r.issue.key, r.total, r.byDay.get('2026-11-23') ?? 0])).toEqual([
      ['A-1', 90, 90],
      ['A-2', 45, 0],
    ]);
    expect(grid.dayTotals.get('2026-11-23')).toBe(90);
    expect(grid.dayTotals.get('2026-11-24')).toBe(45);
    expect(grid.total).toBe(135);
  });
});
