import type { IssueListItem } from '@tracker/shared/api/issues';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyBootstrap } from './apply.ts';
import { forgetLastUsed, lastUsed } from './lru.ts';
import { snapshot } from 'valtio';
import { createSyncState, emptyData } from './model.ts';
import { issueById, queryIssues, calendarIssues } from './query.ts';
import { bootstrapOf, issue, project, status } from './test-data.ts';

const ann = { id: 1, name: 'Ann' };
const bob = { id: 2, name: 'Bob' };

function storeOf(issues: IssueListItem[]) {
  const data = emptyData();
  applyBootstrap(data, bootstrapOf({
    projects: [project(1, 'AB'), project(2, 'ABC')],
    statuses: [status(10, 1, 'unstarted'), status(11, 1, 'started'), status(20, 2, 'completed')],
    issues,
  }));
  return data;
}

describe('client-side list queries', () => {
  beforeEach(forgetLastUsed);

  it('sorts by priority as the server does: urgent first descending, low first ascending, none last both ways, ties by id in the same direction', () => {
    const data = storeOf([
      issue(1, 1, { priority: 'none' }),
      issue(2, 1, { priority: 'low' }),
      issue(3, 1, { priority: 'urgent' }),
      issue(4, 1, { priority: 'none' }),
      issue(5, 1, { priority: 'medium' }),
      issue(6, 1, { priority: 'urgent' }),
      issue(7, 1, { priority: 'high' }),
    ]);
    expect(queryIssues(data, { sort: 'priority', order: 'desc' })).toEqual([6, 3, 7, 5, 2, 4, 1]);
    expect(queryIssues(data, { sort: 'priority', order: 'asc' })).toEqual([2, 5, 7, 3, 6, 1, 4]);
  });

  it('sorts by due date with issues without one last in both directions', () => {
    const data = storeOf([
      issue(1, 1, { dueDate: null }),
      issue(2, 1, { dueDate: '2026-03-01' }),
      issue(3, 1, { dueDate: '2026-01-15' }),
      issue(4, 1, { dueDate: null }),
      issue(5, 1, { dueDate: '2026-03-01' }),
    ]);
    expect(queryIssues(data, { sort: 'due', order: 'asc' })).toEqual([3, 2, 5, 1, 4]);
    expect(queryIssues(data, { sort: 'due', order: 'desc' })).toEqual([5, 2, 3, 4, 1]);
  });

  it('sorts by updated (the default, newest first), created, title ignoring case, and key by project key then number', () => {
    const data = storeOf([
      issue(1, 1, { title: 'beta', updatedAt: '2026-05-01T00:00:00.000Z', createdAt: '2026-01-03T00:00:00.000Z', number: 10, key: 'AB-10' }),
      issue(2, 1, { title: 'Alpha', updatedAt: '2026-05-03T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', number: 9, key: 'AB-9' }),
      issue(3, 2, { title: 'alpha', updatedAt: '2026-05-02T00:00:00.000Z', createdAt: '2026-01-02T00:00:00.000Z', number: 1, key: 'ABC-1' }),
    ]);
    expect(queryIssues(data, {})).toEqual([2, 3, 1]);
    expect(queryIssues(data, { sort: 'created', order: 'asc' })).toEqual([2, 3, 1]);
    expect(queryIssues(data, { sort: 'title', order: 'asc' })).toEqual([2, 3, 1]);
    expect(queryIssues(data, { sort: 'title', order: 'desc' })).toEqual([1, 3, 2]);
    expect(queryIssues(data, { sort: 'key', order: 'asc' })).toEqual([2, 1, 3]);
    expect(queryIssues(data, { sort: 'key', order: 'desc' })).toEqual([3, 1, 2]);
  });

  it('filters by project (id or key), status, category, assignee with me and none, label, priority, stream, parent, cycle, milestone and due range', () => {
    const data = storeOf([
      issue(1, 1, { statusId: 10, assignee: ann, labelIds: [100], priority: 'high', streamIds: [5], dueDate: '2026-02-01' }),
      issue(2, 1, { statusId: 11, assignee: bob, priority: 'low', parentId: 1, dueDate: '2026-02-10', cycleId: 7, milestoneId: 8 }),
      issue(3, 2, { statusId: 20, assignee: null, labelIds: [200, 100] }),
    ]);
    const ids = (q: Parameters<typeof queryIssues>[1]) => queryIssues(data, q, 1).sort();
    expect(ids({ project: 1 })).toEqual([1, 2]);
    expect(ids({ project: 'ABC' })).toEqual([3]);
    expect(ids({ project: 'ZZ' })).toEqual([]);
    expect(ids({ status: '10,20' })).toEqual([1, 3]);
    expect(ids({ category: 'started,completed' })).toEqual([2, 3]);
    expect(ids({ assignee: 'me' })).toEqual([1]);
    expect(ids({ assignee: 'none' })).toEqual([3]);
    expect(ids({ assignee: '2,none' })).toEqual([2, 3]);
    expect(ids({ label: '100' })).toEqual([1, 3]);
    expect(ids({ priority: 'low,none' })).toEqual([2, 3]);
    expect(ids({ stream: 5 })).toEqual([1]);
    expect(ids({ parent: 1 })).toEqual([2]);
    expect(ids({ cycle: 7 })).toEqual([2]);
    expect(ids({ cycle: 'none' })).toEqual([1, 3]);
    expect(ids({ milestone: 8 })).toEqual([2]);
    expect(ids({ milestone: 'none' })).toEqual([1, 3]);
    expect(ids({ dueFrom: '2026-02-05' })).toEqual([2]);
    expect(ids({ dueTo: '2026-02-05' })).toEqual([1]);
    expect(ids({ project: 1, assignee: 'me', priority: 'high' })).toEqual([1]);
  });

  it('records the projects a screen used, for the size limit', () => {
    const data = storeOf([issue(1, 1), issue(3, 2)]);
    queryIssues(data, { project: 'AB' });
    expect([...lastUsed().keys()]).toEqual([1]);
    expect(issueById(data, 3)?.id).toBe(3);
    expect([...lastUsed().keys()].sort()).toEqual([1, 2]);
  });

  it('filters and sorts 5,000 issues within 50 ms (median of several runs)', () => {
    const priorities = ['none', 'urgent', 'high', 'medium', 'low'] as const;
    const many = Array.from({ length: 5000 }, (_, n) =>
      issue(n + 1, (n % 2) + 1, {
        statusId: [10, 11, 20][n % 3]!,
        priority: priorities[n % 5]!,
        title: `Task ${(n * 7919) % 5000}`,
        dueDate: n % 4 ? `2026-0${(n % 9) + 1}-1${n % 10}` : null,
        assignee: n % 3 ? ann : null,
        labelIds: n % 2 ? [100] : [],
        updatedAt: new Date(Date.UTC(2026, 0, 1) + ((n * 104729) % 5000) * 1000).toISOString(),
      }),
    );
    // As a screen reads it: a valtio snapshot of the store.
    const state = createSyncState();
    Object.assign(state, storeOf(many));
    const data = snapshot(state);
    const queries = [
      { sort: 'updated' as const },
      { sort: 'priority' as const, order: 'asc' as const, category: 'unstarted,started' },
      { sort: 'due' as const, assignee: 'me,none' },
      { sort: 'title' as const, label: '100' },
    ];
    const runs: number[] = [];
    for (let n = 0; n < 7; n++) {
      const start = performance.now();
      for (const q of queries) queryIssues(data, q, 1);
      runs.push((performance.now() - start) / queries.length);
    }
    runs.sort((a, b) => a - b);
    expect(runs[3]).toBeLessThan(50);
    expect(queryIssues(data, { sort: 'title' })).toHaveLength(5000);
  });
});

describe('a calendar range from the store', () => {
  it('selects spans meeting the range as the server does, with its filters and order', () => {
    const issues = {
      1: issue(1, 1, { startDate: '2026-03-01', dueDate: '2026-03-10' }),
      2: issue(2, 1, { dueDate: '2026-03-05', assignee: { id: 7, name: 'Me' } }),
      3: issue(3, 2, { startDate: '2026-03-31' }),
      4: issue(4, 1, { dueDate: '2026-04-02' }),
      5: issue(5, 1),
    };
    const range = { from: '2026-03-04', to: '2026-03-31', mine: false, project: null, stream: null };
    expect(calendarIssues({ issues }, range, 7).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(calendarIssues({ issues }, { ...range, mine: true }, 7).map((i) => i.id)).toEqual([2]);
    expect(calendarIssues({ issues }, { ...range, project: 2 }, 7).map((i) => i.id)).toEqual([3]);
  });
});
