import type { Activity } from '@tracker/shared/api/issues';
import type { Status } from '@tracker/shared/api/projects';
import { describe, expect, it } from 'vitest';
import { activityLine, donePercent, moveItem, progressByCategory } from './model.ts';

const st = (id: number, category: Status['category'], position: number): Status => ({ id, name: `S${id}`, category, color: '#000000', position, waiting: false });

describe('progress by category', () => {
  it('groups counts by category in workflow order and drops empty categories', () => {
    const statuses = [st(3, 'completed', 3), st(1, 'backlog', 1), st(2, 'started', 2), st(4, 'started', 4), st(5, 'canceled', 5)];
    const out = progressByCategory(statuses, [
      { statusId: 2, count: 4 },
      { statusId: 4, count: 1 },
      { statusId: 3, count: 2 },
    ]);
    expect(out.map((s) => [s.category, s.count])).toEqual([
      ['started', 5],
      ['completed', 2],
    ]);
    expect(out[0]!.statuses.map((s) => s.id)).toEqual([2, 4]);
  });
  it('computes the done share', () => {
    expect(donePercent(0, 0)).toBe(0);
    expect(donePercent(10, 4)).toBe(60);
  });
});

describe('moveItem', () => {
  it('moves up and down and clamps', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a'], 5, 0)).toEqual(['a']);
  });
});

describe('activity lines', () => {
  const base: Activity = { id: 1, actor: { id: 1, name: 'Anna' }, action: 'created', field: null, oldValue: null, newValue: null, createdAt: '', issue: { id: 9, key: 'WEB-9', title: 'Fix' } };
  it('names the statuses of a status change', () => {
    const line = activityLine({ ...base, action: 'updated', field: 'statusId', oldValue: 1, newValue: 2 }, (id) => (id === 1 ? 'Todo' : 'Done'));
    expect(line).toEqual({ key: 'status', values: { actor: 'Anna', issue: 'WEB-9 Fix', from: 'Todo', to: 'Done' } });
  });
  it('shows old and new values of simple fields, only the field of others', () => {
    expect(activityLine({ ...base, action: 'updated', field: 'dueDate', oldValue: null, newValue: '2025-01-02' }, () => undefined).values).toMatchObject({ field: 'dueDate', from: '—', to: '2025-01-02' });
    expect(activityLine({ ...base, action: 'updated', field: 'labelIds', oldValue: [], newValue: [1] }, () => undefined).key).toBe('changed');
  });
  it('maps every other action to its own line', () => {
    expect(activityLine({ ...base, action: 'comment.edited', newValue: { commentId: 3 } }, () => undefined).key).toBe('comment_edited');
    const mention = { ...base, action: 'mentioned', newValue: { userId: 5, commentId: 3 } } as const;
    expect(activityLine(mention, () => undefined, (id) => (id === 5 ? 'Иван Петров' : undefined)).values).toMatchObject({ name: 'Иван Петров' });
    expect(activityLine(mention, () => undefined).values).toMatchObject({ name: '—' });
    expect(activityLine({ ...base, action: 'stream.issue_completed' }, () => undefined).key).toBe('stream_issue_completed');
    expect(activityLine({ ...base, action: 'issue.deleted', issue: null, oldValue: { id: 1, key: 'WEB-1', title: 'Gone' } }, () => undefined).values.issue).toBe('WEB-1 Gone');
  });
});
