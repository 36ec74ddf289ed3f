import { describe, expect, it } from 'vitest';
import { ISSUE_LIST_FIELDS, toListItem } from './issue-list-fields.ts';
import { issueListItemSchema, type IssueListItem } from './issues.ts';

describe('an issue\'s list fields', () => {
  it('are exactly the list schema\'s keys', () => {
    expect([...ISSUE_LIST_FIELDS].sort()).toEqual(Object.keys(issueListItemSchema.shape).sort());
  });

  it('are what toListItem keeps of a larger answer', () => {
    const item = Object.fromEntries(ISSUE_LIST_FIELDS.map((f) => [f, f])) as unknown as IssueListItem;
    expect(toListItem({ ...item, description: 'not a list field' } as IssueListItem)).toEqual(item);
  });
});
