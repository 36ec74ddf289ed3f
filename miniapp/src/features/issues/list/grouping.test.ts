import type { IssueListItem } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { describe, expect, it } from 'vitest';
import { isOverdue } from '../../../components/issue/bits.tsx';
import { groupIssues } from './grouping.ts';
import { reuseUnchanged } from './use-issue-pages.ts';
import { issue as storeIssue } from '../../../store/test-data.ts';

// The store's test rows (store/test-data.ts), as this list's project WEB with one status and one time.
const at = '2025-01-01T00:00:00Z';
const issue = (id: number, over: Partial<IssueListItem> = {}): IssueListItem => storeIssue(id, 1, { key: `WEB-${id}`, statusId: 10, createdAt: at, updatedAt: at, ...over });

const project = {
  project: { id: 1, key: 'WEB', name: 'Web', color: '#f00' },
  statuses: [
    { id: 10, name: 'Todo', category: 'unstarted', color: '#aaa', position: 1 },
    { id: 11, name: 'Done', category: 'completed', color: '#0a0', position: 3 },
    { id: 12, name: 'Backlog', category: 'backlog', color: '#999', position: 0 },
  ],
} as unknown as ProjectDetailResponse;
const projects = new Map([[1, project]]);

describe('groupIssues', () => {
  it('orders status groups by workflow and keeps row order inside', () => {
    const groups = groupIssues([issue(1, { statusId: 11 }), issue(2), issue(3, { statusId: 12 }), issue(4)], 'status', projects);
    expect(groups.map((g) => g.key)).toEqual(['s12', 's10', 's11']);
    expect(groups[1]!.issues.map((i) => i.id)).toEqual([2, 4]);
    expect(groups[1]!.label).toEqual({ text: 'Todo', suffix: undefined });
  });

  it('orders priorities by urgency with none last, unassigned last', () => {
    const rows = [issue(1, { priority: 'none' }), issue(2, { priority: 'low' }), issue(3, { priority: 'urgent' })];
    expect(groupIssues(rows, 'priority', projects).map((g) => g.key)).toEqual(['urgent', 'low', 'none']);
    const byAssignee = groupIssues([issue(1), issue(2, { assignee: { id: 5, name: 'Anna' } })], 'assignee', projects);
    expect(byAssignee.map((g) => g.key)).toEqual(['u5', 'none']);
  });

  it('one group without grouping', () => {
    expect(groupIssues([issue(1), issue(2)], 'none', projects)).toHaveLength(1);
  });
});

describe('row helpers', () => {
  it('overdue only before today and while open', () => {
    expect(isOverdue('2025-01-01', null, '2025-01-02')).toBe(true);
    expect(isOverdue('2025-01-02', null, '2025-01-02')).toBe(false);
    expect(isOverdue('2025-01-01', '2025-01-03T00:00:00Z', '2025-01-02')).toBe(false);
    expect(isOverdue(null, null)).toBe(false);
  });

  it('keeps unchanged row objects on refresh', () => {
    const a = issue(1);
    const b = issue(2);
    const next = reuseUnchanged([a, b], [issue(2, { updatedAt: '2025-02-01T00:00:00Z' }), issue(1)]);
    expect(next[1]).toBe(a);
    expect(next[0]).not.toBe(b);
  });

  it('groups a stream across projects by status category, not by the statuses of each project', () => {
    const other = { ...project, project: { id: 2, key: 'OPS', name: 'Ops', color: '#00f' }, statuses: [{ id: 20, name: 'К выполнению', category: 'unstarted', color: '#aaa', position: 1 }] } as unknown as ProjectDetailResponse;
    const both = new Map([...projects, [2, other]]);
    const groups = groupIssues([issue(1), issue(2, { projectId: 2, statusId: 20 }), issue(3, { statusId: 12 })], 'category', both);
    expect(groups.map((g) => g.key)).toEqual(['cbacklog', 'cunstarted']);
    expect(groups[1]!.issues.map((i) => i.id)).toEqual([1, 2]);
    expect(groups[1]!.label).toEqual({ key: 'issues.filters.categories.unstarted' });
  });
});
