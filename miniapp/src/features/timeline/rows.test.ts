import { describe, expect, it } from 'vitest';
import { conflictsOf } from './conflicts.ts';
import { layoutRows, matches, type TimelineFilter } from './rows.ts';

const issue = (id: number, o: Partial<{ projectId: number; assignee: number | null; milestoneId: number | null; cycleId: number | null; startDate: string | null; dueDate: string | null; statusId: number; sortOrder: number }> = {}) => ({
  id,
  sortOrder: o.sortOrder ?? id,
  projectId: o.projectId ?? 1,
  assignee: o.assignee ? { id: o.assignee, name: `U${o.assignee}`, avatarUrl: null } : null,
  milestoneId: o.milestoneId ?? null,
  cycleId: o.cycleId ?? null,
  startDate: o.startDate === undefined ? '2026-12-01' : o.startDate,
  dueDate: o.dueDate === undefined ? '2026-12-03' : o.dueDate,
  statusId: o.statusId ?? 1,
});

const none: TimelineFilter = { project: null, assignee: null, milestone: null, cycle: null };

describe('filters', () => {
  it('project, assignee, milestone and cycle: an id, none, or any', () => {
    const a = issue(1, { projectId: 2, assignee: 7, milestoneId: 3, cycleId: null });
    expect(matches(a, none)).toBe(true);
    expect(matches(a, { ...none, project: 2, assignee: 7, milestone: 3, cycle: 'none' })).toBe(true);
    expect(matches(a, { ...none, project: 1 })).toBe(false);
    expect(matches(a, { ...none, assignee: 'none' })).toBe(false);
    expect(matches(a, { ...none, milestone: 4 })).toBe(false);
    expect(matches(a, { ...none, cycle: 5 })).toBe(false);
  });
});

describe('rows', () => {
  it('groups by project, assignee or milestone, the empty group last, each in the issues’ own order, not by date', () => {
    const issues = [issue(1, { assignee: 7, startDate: '2026-12-05', dueDate: '2026-12-06', sortOrder: 9 }), issue(2, { assignee: null }), issue(3, { assignee: 5, startDate: null, dueDate: '2026-11-30' }), issue(4, { assignee: 7, startDate: '2027-01-01', dueDate: null }), issue(5, { startDate: null, dueDate: null })];
    const names: Record<string, string> = { 'assignee:7': 'Anna', 'assignee:5': 'Boris', 'assignee:none': 'Unassigned' };
    const rows = layoutRows(issues, 'assignee', (k) => ({ label: names[k]!, sort: names[k]!.toLowerCase() }));
    expect(rows.map((r) => (r.kind === 'group' ? `[${r.label} ${r.count}]` : r.issue.id))).toEqual(['[Anna 2]', 4, 1, '[Boris 1]', 3, '[Unassigned 1]', 2]);
  });

  it('orders milestone groups by their sort key (the target date), not their names', () => {
    const issues = [issue(1, { milestoneId: 1 }), issue(2, { milestoneId: 2 })];
    const info: Record<string, { label: string; sort: string }> = { 'milestone:1': { label: 'Alpha', sort: '2027-05-01' }, 'milestone:2': { label: 'Beta', sort: '2027-01-01' } };
    expect(layoutRows(issues, 'milestone', (k) => info[k]!).filter((r) => r.kind === 'group').map((r) => r.key)).toEqual(['milestone:2', 'milestone:1']);
  });
});

describe('dependants that start too early', () => {
  const issues = new Map([
    [1, issue(1, { startDate: '2026-12-01', dueDate: '2026-12-05' })],
    [2, issue(2, { startDate: '2026-12-06', dueDate: '2026-12-08' })],
    [3, issue(3, { startDate: '2026-12-05', dueDate: '2026-12-09' })],
    [4, issue(4, { startDate: null, dueDate: '2026-12-02' })],
    [5, issue(5, { startDate: '2026-11-01', dueDate: '2026-11-02', statusId: 9 })],
    [6, issue(6, { startDate: null, dueDate: null })],
  ]);
  const closed = (s: number) => s === 9;

  it('marks a blocked issue starting on or before its blocker’s last day, naming the blocker', () => {
    const rel = (blockerId: number, blockedId: number) => ({ blockerId, blockedId });
    const found = conflictsOf([rel(1, 2), rel(1, 3), rel(1, 4), rel(5, 4), rel(6, 2), rel(2, 6), rel(1, 99)], (id) => issues.get(id), closed);
    // 2 starts the day after 1 ends: fine. 3 starts on 1's last day; 4's only date is inside 1.
    expect([...found]).toEqual([
      [3, [1]],
      [4, [1]],
    ]);
  });

  it('a completed blocker holds nothing back; a move that fixes the start clears the mark', () => {
    expect(conflictsOf([{ blockerId: 5, blockedId: 1 }], (id) => issues.get(id), closed).size).toBe(0);
    const moved = new Map(issues).set(3, issue(3, { startDate: '2026-12-06', dueDate: '2026-12-10' }));
    expect(conflictsOf([{ blockerId: 1, blockedId: 3 }], (id) => moved.get(id), closed).size).toBe(0);
  });
});

describe('the address', () => {
  it('reads zoom, date, grouping and filters, and writes them back without the defaults', async () => {
    const { parseTimelineQuery, timelineQuery } = await import('./url-state.ts');
    const s = parseTimelineQuery('zoom=week&date=2027-02-03&group=milestone&project=4&assignee=none&milestone=9&cycle=none', '2026-12-10');
    expect(s).toEqual({ zoom: 'week', date: '2027-02-03', group: 'milestone', project: 4, assignee: 'none', milestone: 9, cycle: 'none' });
    expect(timelineQuery(s, '2026-12-10')).toBe('zoom=week&date=2027-02-03&group=milestone&project=4&assignee=none&milestone=9&cycle=none');
    const fallback = parseTimelineQuery('zoom=year&date=2026-02-30&group=status&project=x&assignee=-1', '2026-12-10');
    expect(fallback).toEqual({ zoom: 'month', date: '2026-12-10', group: 'project', project: null, assignee: null, milestone: null, cycle: null });
    expect(timelineQuery(fallback, '2026-12-10')).toBe('');
  });
});
