import type { Cycle } from '@tracker/shared/api/cycles';
import { describe, expect, it } from 'vitest';
import { cycleShares } from './cycle-share.ts';

const now = new Date('2026-11-25T12:00:00Z');
const cycle = (id: number, projectId: number, startsOn: string, endsOn: string): Cycle => ({ id, projectId, number: id, name: null, startsOn, endsOn, timeZone: 'Europe/Moscow', rolledOverAt: null });
const project = (id: number, key: string, name: string, archivedAt: string | null = null) => ({ id, key, name, archivedAt });
const issue = (cycleId: number | null, assignee: number | null, completed = false) => ({ cycleId, assignee: assignee === null ? null : { id: assignee, name: 'x' }, completedAt: completed ? '2026-11-24T10:00:00Z' : null });

const data = {
  projects: { 1: project(1, 'WEB', 'Website'), 2: project(2, 'OPS', 'Ops'), 3: project(3, 'OLD', 'Archive', '2026-01-01T00:00:00Z'), 4: project(4, 'BIG', 'Big') },
  cycles: {
    10: cycle(10, 1, '2026-11-23', '2026-12-07'),
    11: cycle(11, 1, '2026-12-07', '2026-12-21'),
    9: cycle(9, 1, '2026-11-09', '2026-11-23'),
    20: cycle(20, 2, '2026-11-16', '2026-11-30'),
    30: cycle(30, 3, '2026-11-23', '2026-12-07'),
    40: cycle(40, 4, '2026-11-23', '2026-12-07'),
  },
  issues: {
    1: issue(10, 5, true),
    2: issue(10, 5),
    3: issue(10, 5, true),
    4: issue(10, 6, true), // someone else's
    5: issue(11, 5), // next cycle
    6: issue(9, 5), // an ended one
    7: issue(null, 5),
    8: issue(20, 6), // Ops: nothing of mine
    9: issue(30, 5), // archived project
    10: issue(40, 5),
  },
  evicted: { 4: true as const },
};

describe('my share of the current cycle', () => {
  it('counts, per project in a cycle now, my issues in it and those completed, with the days left', () => {
    expect(cycleShares(data, 5, now)).toEqual([{ cycle: data.cycles[10], project: { id: 1, key: 'WEB', name: 'Website' }, mine: 3, done: 2, daysLeft: 12 }]);
  });

  it('leaves out projects where none of the cycle is mine, archived ones, and ones whose issues the store does not hold', () => {
    expect(cycleShares(data, 6, now).map((s) => [s.project.key, s.mine, s.done])).toEqual([
      ['OPS', 1, 0],
      ['WEB', 1, 1],
    ]);
    expect(cycleShares({ ...data, evicted: {} }, 5, now).map((s) => s.project.key)).toEqual(['BIG', 'WEB']);
    expect(cycleShares(data, 7, now)).toEqual([]);
  });
});
