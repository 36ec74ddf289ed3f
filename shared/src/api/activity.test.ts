import { describe, expect, it } from 'vitest';
import { activitySchema, type Activity } from './issues.ts';

const base = { id: 1, actor: { id: 2, name: 'A' }, createdAt: '2026-01-01T00:00:00.000Z', issue: { id: 3, key: 'WEB-1', title: 'T' } };

describe('Activity, a union discriminated on action', () => {
  it('types the values of each action and each updated field', () => {
    const row = activitySchema.parse({ ...base, action: 'updated', field: 'labelIds', oldValue: [1], newValue: [1, 2] });
    expect(row.action === 'updated' && row.field === 'labelIds' && row.newValue).toEqual([1, 2]);
    expect(activitySchema.safeParse({ ...base, action: 'updated', field: 'statusId', oldValue: 'open', newValue: 2 }).success).toBe(false);
    expect(activitySchema.safeParse({ ...base, action: 'updated', field: 'priority', oldValue: 'none', newValue: 'urgent' }).success).toBe(true);
    expect(activitySchema.safeParse({ ...base, action: 'relation.added', field: null, oldValue: null, newValue: { relationId: 1, type: 'blocks', issueId: 4 } }).success).toBe(true);
    expect(activitySchema.safeParse({ ...base, action: 'relation.added', field: null, oldValue: null, newValue: { relationId: 1, type: 'owns', issueId: 4 } }).success).toBe(false);
  });

  it('refuses an action or a field it does not know', () => {
    expect(activitySchema.safeParse({ ...base, action: 'renamed', field: null, oldValue: null, newValue: null }).success).toBe(false);
    expect(activitySchema.safeParse({ ...base, action: 'updated', field: 'colour', oldValue: 1, newValue: 2 }).success).toBe(false);
  });

  it('narrows in a switch', () => {
    const label = (a: Activity): string => {
      switch (a.action) {
        case 'mentioned':
          return `user ${a.newValue.userId}`;
        case 'issue.deleted':
          return a.oldValue.key;
        default:
          return a.action;
      }
    };
    expect(label(activitySchema.parse({ ...base, action: 'mentioned', field: null, oldValue: null, newValue: { userId: 5, commentId: 6 } }))).toBe('user 5');
    expect(label(activitySchema.parse({ ...base, issue: null, action: 'issue.deleted', field: null, oldValue: { id: 3, key: 'WEB-1', title: 'T' }, newValue: null }))).toBe('WEB-1');
  });
});
