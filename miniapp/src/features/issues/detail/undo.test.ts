import type { IssueDetail } from '@tracker/shared/api/issues';
import { describe, expect, it } from 'vitest';
import { undoOf } from './undo.ts';

const before = {
  statusId: 3,
  status: { id: 3, name: 'Todo', category: 'unstarted', color: '#888', position: 1 },
  priority: 'low',
  assignee: { id: 7, name: 'Ivan' },
  labelIds: [1],
  labels: [{ id: 1, name: 'bug', color: '#f00' }],
  dueDate: null,
  customValues: { '4': 'a', '5': 2 },
} as unknown as IssueDetail;

describe('undo of a change on the issue page', () => {
  it('puts back exactly the fields the change touched, as they were', () => {
    expect(undoOf(before, { priority: 'urgent', editedAt: '2026-11-29T00:00:00Z' })).toEqual({ body: { priority: 'low' }, optimistic: { priority: 'low' }, fields: ['priority'] });
    expect(undoOf(before, { assigneeId: null, statusId: 4 })?.body).toEqual({ assigneeId: 7, statusId: 3 });
    expect(undoOf(before, { statusId: 4 })?.optimistic).toMatchObject({ statusId: 3, status: { name: 'Todo' } });
    expect(undoOf(before, { dueDate: '2026-12-01' })?.body).toEqual({ dueDate: null });
    expect(undoOf(before, { customValues: { '4': 'b', '6': true } })?.body).toEqual({ customValues: { '4': 'a', '6': null } });
  });

  it('offers none for what it cannot put back', () => {
    expect(undoOf(before, { recurrence: null })).toBeNull();
  });
});
