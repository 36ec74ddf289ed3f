import type { IssueDetail } from '@tracker/shared/api/issues';
import { parseQuickAdd } from '@tracker/shared/quick-add/index';
import { describe, expect, it } from 'vitest';
import { emptyValues, quickPatch, syncQuickPatch, toCreateRequest, toPatch, valuesFromIssue, type IssueFormValues } from './model.ts';

const now = new Date('2026-03-10T09:00:00Z');
const labels = [{ id: 7, name: 'Bug', color: '#f00' }];
const projects = [{ id: 1, key: 'WEB' }];

describe('quick add → form', () => {
  it('fills title, due date, label, priority and the resolved assignee', () => {
    const parsed = parseQuickAdd('Fix login tomorrow @ivan #bug !high', { now, timeZone: 'Europe/Moscow', locale: 'en' });
    expect(quickPatch(parsed, { projects, labels, assigneeId: 5 })).toEqual({ title: 'Fix login', dueDate: '2026-03-11', priority: 'high', labelIds: [7], assigneeId: 5 });
  });

  it('works in Russian and leaves unknown labels and unresolved people out', () => {
    const parsed = parseQuickAdd('Починить вход завтра @ivan #нет !высокий', { now, timeZone: 'Europe/Moscow', locale: 'ru' });
    expect(quickPatch(parsed, { projects, labels, assigneeId: undefined })).toEqual({ title: 'Починить вход', dueDate: '2026-03-11', priority: 'high' });
  });

  it('+KEY picks a project I may create in', () => {
    const parsed = parseQuickAdd('Deploy +WEB +OPS', { now, timeZone: 'UTC', locale: 'en' });
    expect(quickPatch(parsed, { projects, labels, assigneeId: null }).projectId).toBe(1);
  });

  it('*current / *next put the issue in the cycle found, and leave it in none when the project has none', () => {
    const parsed = parseQuickAdd('Fix login *next', { now, timeZone: 'UTC', locale: 'en' });
    expect(quickPatch(parsed, { projects, labels, assigneeId: null, cycleId: 12 })).toEqual({ title: 'Fix login', cycleId: 12 });
    expect(quickPatch(parsed, { projects, labels, assigneeId: null, cycleId: null })).toEqual({ title: 'Fix login' });
    expect(toCreateRequest({ ...emptyValues(), projectId: 1, title: 'Fix login', cycleId: 12 }, []).cycleId).toBe(12);
  });

  it('a removed token gives its field back, unless the user changed it since', () => {
    const base = emptyValues();
    const prev = { title: 'Fix', dueDate: '2026-03-11', priority: 'high' as const };
    const values: IssueFormValues = { ...base, title: 'Fix', dueDate: '2026-03-11', priority: 'low' };
    const next = syncQuickPatch(values, prev, { title: 'Fix' }, base);
    expect(next.dueDate).toBe('');
    expect(next.priority).toBe('low');
  });

  it('a changed token overrides; an unchanged one leaves manual edits alone', () => {
    const base = emptyValues();
    const values: IssueFormValues = { ...base, title: 'Edited by hand', dueDate: '2026-03-11' };
    const next = syncQuickPatch(values, { title: 'Fix', dueDate: '2026-03-11' }, { title: 'Fix', dueDate: '2026-03-12' }, base);
    expect(next.title).toBe('Edited by hand');
    expect(next.dueDate).toBe('2026-03-12');
  });
});

describe('edit patch', () => {
  const issue = {
    projectId: 1, title: 'A', description: '', statusId: 3, priority: 'none', assignee: null, labelIds: [1, 2], streamIds: [], startDate: null,
    dueDate: '2026-01-01', estimate: 2, parentId: null, customValues: { '4': 'x', '5': [1, 2] },
  } as unknown as IssueDetail;
  const fields = [
    { id: 4, type: 'text' },
    { id: 5, type: 'multiselect' },
    { id: 6, type: 'checkbox' },
  ] as never;

  it('sends only what changed', () => {
    const before = valuesFromIssue(issue);
    const after = { ...before, labelIds: [2, 1], dueDate: '', estimate: '2', customValues: { '4': ' x ', '5': [1, 2], '6': false } };
    expect(toPatch(before, after, fields)).toEqual({ dueDate: null, customValues: { '6': false } });
    expect(toPatch(before, { ...before, customValues: { ...before.customValues, '4': '' } }, fields)).toEqual({ customValues: { '4': null } });
  });
});
