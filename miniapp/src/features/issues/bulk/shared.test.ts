import { describe, expect, it } from 'vitest';
import { setPatch, sharedOf } from './shared.ts';

const issue = (over: Partial<Parameters<typeof sharedOf>[0][number]> = {}) => ({ statusId: 1, priority: 'high' as const, assignee: { id: 7, name: 'Ann' }, labelIds: [1, 2], streamIds: [5], ...over });

describe('sharedOf', () => {
  it('shows the value all the selected issues share', () => {
    expect(sharedOf([issue(), issue({ labelIds: [2, 1] })])).toEqual({ statusId: 1, priority: 'high', assignee: { id: 7, name: 'Ann' }, labelIds: [1, 2], streamIds: [5] });
  });

  it('has no value where they differ, and only the labels and streams every one has', () => {
    const shared = sharedOf([issue(), issue({ statusId: 2, priority: 'low', assignee: { id: 8, name: 'Bob' }, labelIds: [2, 3], streamIds: [] })]);
    expect(shared).toEqual({ statusId: null, priority: null, assignee: undefined, labelIds: [2], streamIds: [] });
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
