import { describe, expect, it } from 'vitest';
import { restoresOf, setPatch, sharedOf } from './shared.ts';

const issue = (over: Partial<Parameters<typeof sharedOf>[0][number]> = {}) => ({ statusId: 1, priority: 'high' as const, assignee: { id: 7, name: 'Ann' }, labelIds: [1, 2], streamIds: [5], cycleId: 3 as number | null, milestoneId: null as number | null, ...over });

describe('sharedOf', () => {
  it('shows the value all the selected issues share', () => {
    expect(sharedOf([issue(), issue({ labelIds: [2, 1] })])).toEqual({ statusId: 1, priority: 'high', assignee: { id: 7, name: 'Ann' }, labelIds: [1, 2], streamIds: [5], cycleId: 3, milestoneId: null });
  });

  it('has no value where they differ, and only the labels and streams every one has', () => {
    const shared = sharedOf([issue(), issue({ statusId: 2, priority: 'low', assignee: { id: 8, name: 'Bob' }, labelIds: [2, 3], streamIds: [], cycleId: null })]);
    expect(shared).toEqual({ statusId: null, priority: null, assignee: undefined, labelIds: [2], streamIds: [], cycleId: undefined, milestoneId: null });
  });

  it('tells "nobody assigned to any" from "assigned to different people"', () => {
    expect(sharedOf([issue({ assignee: null }), issue({ assignee: null })]).assignee).toBeNull();
    expect(sharedOf([issue({ assignee: null }), issue()]).assignee).toBeUndefined();
  });
});

describe('setPatch', () => {
  it('adds what was checked and removes what was unchecked, to and from all', () => {
    expect(setPatch([1, 2], [2, 3], ['addLabelIds', 'removeLabelIds'])).toEqual({ addLabelIds: [3], removeLabelIds: [1] });
    expect(setPatch([], [4], ['addStreamIds', 'removeStreamIds'])).toEqual({ addStreamIds: [4] });
    expect(setPatch([4], [], ['addStreamIds', 'removeStreamIds'])).toEqual({ removeStreamIds: [4] });
  });

  it('sends nothing when nothing changed', () => {
    expect(setPatch([1], [1], ['addLabelIds', 'removeLabelIds'])).toBeNull();
  });
});

const a = { id: 1, statusId: 10, priority: 'low' as const, assignee: { id: 7, name: 'Ivan' }, labelIds: [1, 2], streamIds: [], cycleId: 4, milestoneId: null };
const b = { id: 2, statusId: 11, priority: 'high' as const, assignee: null, labelIds: [], streamIds: [5], cycleId: null, milestoneId: 6 };

describe('undo of a bulk change', () => {
  it('puts back, per issue, only the fields the change touched', () => {
    expect(restoresOf([a, b], { priority: 'urgent' })).toEqual([
      { id: 1, body: { priority: 'low' }, optimistic: { priority: 'low' } },
      { id: 2, body: { priority: 'high' }, optimistic: { priority: 'high' } },
    ]);
    expect(restoresOf([a, b], { assigneeId: 3, addLabelIds: [9] })).toEqual([
      { id: 1, body: { assigneeId: 7, labelIds: [1, 2] }, optimistic: { assignee: { id: 7, name: 'Ivan' }, labelIds: [1, 2] } },
      { id: 2, body: { assigneeId: null, labelIds: [] }, optimistic: { assignee: null, labelIds: [] } },
    ]);
    expect(restoresOf([a, b], { cycleId: 9, milestoneId: null })).toEqual([
      { id: 1, body: { cycleId: 4, milestoneId: null }, optimistic: { cycleId: 4, milestoneId: null } },
      { id: 2, body: { cycleId: null, milestoneId: 6 }, optimistic: { cycleId: null, milestoneId: 6 } },
    ]);
    expect(restoresOf([b], { statusId: 12, removeStreamIds: [5] })).toEqual([{ id: 2, body: { statusId: 11, streamIds: [5] }, optimistic: { statusId: 11, streamIds: [5] } }]);
  });
});
