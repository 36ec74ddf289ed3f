import { describe, expect, it } from 'vitest';
import { rebase } from './conflict.ts';
import { emptyValues, type IssueFormValues } from './model.ts';

const base: IssueFormValues = { ...emptyValues(), projectId: 1, title: 'Plan', description: 'v1', statusId: 1, customValues: { '1': 'a', '2': 'b' } };

describe('rebase after an edit conflict', () => {
  it('keeps my changes and takes theirs where I changed nothing', () => {
    const mine = { ...base, description: 'mine', labelIds: [3], customValues: { '1': 'mine', '2': 'b' } };
    const theirs = { ...base, description: 'theirs', priority: 'high' as const, customValues: { '1': 'a', '2': 'theirs' } };
    expect(rebase(base, mine, theirs)).toEqual({ ...base, description: 'mine', priority: 'high', labelIds: [3], customValues: { '1': 'mine', '2': 'theirs' } });
  });
});
