import type { IssueListItem } from '@tracker/shared/api/issues';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { contextIssueKey, cycleActions, globalActions, issueActions, matchAction, type CycleItem } from './actions.ts';

const t = ((key: string, values?: Record<string, unknown>) => (values?.name ? `${key}:${String(values.name)}` : values?.key ? `${key}:${String(values.key)}` : key)) as unknown as TFunction;
const issue = { id: 7, key: 'WEB-7', projectId: 1, statusId: 1, priority: 'high', assignee: null, labelIds: [3] } as unknown as IssueListItem;
const statuses = [
  { id: 2, name: 'Done', position: 2, projectId: 1, category: 'completed', color: '#000' },
  { id: 1, name: 'Todo', position: 1, projectId: 1, category: 'unstarted', color: '#000' },
] as never;
const labels = [
  { id: 3, name: 'bug', projectId: 1, color: '#000' },
  { id: 4, name: 'ui', projectId: 1, color: '#000' },
] as never;

describe('palette actions', () => {
  const items = issueActions(t, { issue, statuses, labels, me: { id: 5, name: 'Me' }, url: 'https://x/en/issues/WEB-7', editPath: '/en/issues/WEB-7/edit' });

  it('offers what would change the issue: assign to me, other statuses and priorities, label toggles, move and copy', () => {
    expect(items.map((i) => i.id)).toEqual(['assign-me', 'status-2', 'priority-none', 'priority-urgent', 'priority-medium', 'priority-low', 'label-3', 'label-4', 'move', 'copy-link', 'copy-key']);
    expect(items.find((i) => i.id === 'label-3')!.action).toEqual({ kind: 'patch', issueId: 7, body: { labelIds: [] }, optimistic: { labelIds: [] } });
    expect(items.find((i) => i.id === 'label-4')!.action).toMatchObject({ body: { labelIds: [3, 4] } });
    expect(items.find((i) => i.id === 'assign-me')!.action).toMatchObject({ body: { assigneeId: 5 }, optimistic: { assignee: { id: 5, name: 'Me' } } });
  });

  it('does not offer assigning to me what is already mine', () => {
    const mine = issueActions(t, { issue: { ...issue, assignee: { id: 5, name: 'Me' } } as IssueListItem, statuses, labels, me: { id: 5, name: 'Me' }, url: '', editPath: '' });
    expect(mine.some((i) => i.id === 'assign-me')).toBe(false);
  });

  it('puts the issue in the current cycle, on to the next, or out of the one it is in', () => {
    type Cycles = { current: CycleItem | null; next: CycleItem | null; its: CycleItem | null };
    const cycles: Cycles = { current: { id: 40, name: 'Cycle 4' }, next: { id: 41, name: 'Cycle 5' }, its: null };
    const ids = (i: IssueListItem, c: Cycles | undefined) => issueActions(t, { issue: i, statuses, labels, me: null, url: '', editPath: '', cycles: c }).filter((a) => a.id.startsWith('cycle')).map((a) => a.id);
    expect(ids({ ...issue, cycleId: null }, cycles)).toEqual(['cycle-current', 'cycle-next']);
    const inCurrent = issueActions(t, { issue: { ...issue, cycleId: 40 }, statuses, labels, me: null, url: '', editPath: '', cycles: { ...cycles, its: cycles.current } });
    expect(inCurrent.filter((a) => a.id.startsWith('cycle')).map((a) => [a.id, a.label])).toEqual([
      ['cycle-next', 'issues.palette.actions.moveToNextCycle:Cycle 5'],
      ['cycle-remove', 'issues.palette.actions.removeFromCycle:Cycle 4'],
    ]);
    expect(inCurrent.find((a) => a.id === 'cycle-next')!.action).toEqual({ kind: 'patch', issueId: 7, body: { cycleId: 41 }, optimistic: { cycleId: 41 } });
    expect(inCurrent.find((a) => a.id === 'cycle-remove')!.action).toMatchObject({ body: { cycleId: null }, optimistic: { cycleId: null } });
    // A project without cycles offers none; an issue left in an ended cycle can still leave it.
    expect(ids({ ...issue, cycleId: null }, { current: null, next: null, its: null })).toEqual([]);
    expect(ids({ ...issue, cycleId: 30 }, { current: null, next: null, its: { id: 30, name: 'Cycle 3' } })).toEqual(['cycle-remove']);
  });

  it('goes to the current cycle of each project given, its key as the hint', () => {
    const go = cycleActions(t, [{ projectKey: 'WEB', cycle: { id: 40, name: 'Cycle 4' }, path: '/en/cycles/40' }]);
    expect(go).toEqual([{ id: 'cycle-go-40', label: 'issues.palette.actions.goToCurrentCycle:Cycle 4', hint: 'WEB', action: { kind: 'navigate', path: '/en/cycles/40' } }]);
    expect(matchAction(go[0]!, 'cycle web')).toBe(true);
  });

  it('matches every typed word in any order, against the label and the key', () => {
    const done = items.find((i) => i.id === 'status-2')!;
    expect(matchAction(done, 'done status')).toBe(true);
    expect(matchAction(done, 'web-7')).toBe(true);
    expect(matchAction(done, 'todo')).toBe(false);
  });

  it('switches to the themes not in use and the other language', () => {
    const global = globalActions(t, { projectCreatePath: '/projects/create', otherLocalePath: '/en/issues', otherLocaleName: 'English', preference: 'dark' });
    expect(global.map((g) => g.id)).toEqual(['create-issue', 'create-project', 'theme-system', 'theme-light', 'language']);
  });

  it('finds the issue in view: the peek panel first, then the issue page, then the active row', () => {
    // The two elements the rule looks for, by selector: each with its data attributes.
    const doc = (found: { peek?: string; active?: string }) => ({
      querySelector: (selector: string) => {
        if (selector.includes('issue-peek')) return found.peek ? ({ dataset: { issueRef: found.peek } } as unknown as Element) : null;
        return found.active ? ({ dataset: { issueKey: found.active } } as unknown as Element) : null;
      },
    });
    expect(contextIssueKey(doc({ peek: 'ops-3', active: 'WEB-1' }), '/en/issues')).toBe('OPS-3');
    expect(contextIssueKey(doc({ active: 'WEB-1' }), '/en/issues/web-9')).toBe('WEB-9');
    expect(contextIssueKey(doc({ active: 'WEB-1' }), '/issues')).toBe('WEB-1');
    expect(contextIssueKey(doc({}), '/calendar')).toBeNull();
  });
});
