import { activitySchema, type Activity } from '@tracker/shared/api/issues';
import { describe, expect, it } from 'vitest';
import { describeActivity, type ActivityContext } from './activity-format.ts';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key}${JSON.stringify(params)}` : key);
const ctx: ActivityContext = {
  t,
  locale: 'en',
  statusName: (id) => ({ 1: 'Todo', 2: 'Done' })[id],
  labelName: (id) => ({ 7: 'Bug' })[id],
  streamName: () => undefined,
  cycleName: () => undefined,
  milestoneName: () => undefined,
  userName: (id) => ({ 5: 'Ivan' })[id],
  issueKey: (id) => ({ 9: 'WEB-9' })[id],
  fields: [{ id: 3, type: 'select', name: { ru: 'Среда', en: 'Env' }, options: [{ id: 1, name: 'Prod', color: '#000', position: 0 }] } as never],
};
/** A row as the server sends it: checked against the Activity union, so a test cannot feed an impossible shape. */
const row = (a: Record<string, unknown>): Activity => activitySchema.parse({ id: 1, actor: { id: 5, name: 'Ivan' }, action: 'updated', field: null, oldValue: null, newValue: null, createdAt: '2026-01-01T10:00:00Z', issue: null, ...a });

describe('activity lines', () => {
  it('names statuses, people and dates', () => {
    expect(describeActivity(row({ field: 'statusId', oldValue: 1, newValue: 2 }), ctx)).toEqual([{ text: 'events.kinds.statusChanged', from: 'Todo', to: 'Done' }]);
    expect(describeActivity(row({ field: 'assigneeId', oldValue: null, newValue: 5 }), ctx)[0]).toMatchObject({ from: 'issues.common.none', to: 'Ivan' });
    expect(describeActivity(row({ field: 'dueDate', oldValue: null, newValue: '2026-03-11' }), ctx)[0]?.to).toBe('Mar 11, 2026');
  });

  it('words creation and status changes as the inbox and the bot do (shared event texts)', () => {
    expect(describeActivity(row({ action: 'created' }), ctx)).toEqual([{ text: 'events.kinds.created' }]);
    expect(describeActivity(row({ field: 'statusId', oldValue: 1, newValue: 2 }), ctx)[0]?.text).toBe('events.kinds.statusChanged');
  });

  it('lists added and removed labels', () => {
    expect(describeActivity(row({ field: 'labelIds', oldValue: [], newValue: [7] }), ctx)).toEqual([{ text: 'issues.activity.labelsAdded{"names":"Bug"}' }]);
  });

  it('shows custom field values by type', () => {
    expect(describeActivity(row({ field: 'customValues', oldValue: { '3': null }, newValue: { '3': 1 } }), ctx)[0]).toMatchObject({ from: 'issues.common.none', to: 'Prod' });
  });

  it('links relations and hides what the timeline shows elsewhere', () => {
    expect(describeActivity(row({ action: 'relation.added', newValue: { relationId: 4, type: 'blocks', issueId: 9 } }), ctx)[0]?.issue).toEqual({ ref: 'WEB-9', label: 'WEB-9' });
    expect(describeActivity(row({ action: 'commented', newValue: { commentId: 2 } }), ctx)).toEqual([]);
    expect(describeActivity(row({ action: 'mentioned', newValue: { userId: 5, commentId: 2 } }), ctx)).toEqual([{ text: 'issues.activity.mentioned{"name":"Ivan"}' }]);
    expect(describeActivity(row({ action: 'attachment.removed', field: 'attachments', oldValue: { fileName: 'a.txt' } }), ctx)).toEqual([{ text: 'issues.activity.attachmentRemoved{"name":"a.txt"}' }]);
  });
});
