import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { IssueDetail, IssueListItem } from '@tracker/shared/api/issues';
import type { SyncProject } from '@tracker/shared/api/sync';
import { describe, expect, it } from 'vitest';
import { createSyncState, type SyncState } from '../../../store/index.ts';
import { storeFields, storeIssue, storeProject, withStoreCopy } from './from-store.ts';

const at = '2026-01-01T00:00:00.000Z';
const project = (id: number, key: string): SyncProject => ({
  id, key, name: key, description: '', color: '#000000', icon: null, leadId: null, visibility: 'members', archivedAt: null, createdAt: at, updatedAt: at, myRole: 'member',
});
const issue = (id: number, key: string, projectId: number): IssueListItem => ({
  id, key, projectId, number: id, title: `Issue ${id}`, statusId: 1, priority: 'high', assignee: null, labelIds: [], streamIds: [], startDate: null, dueDate: null,
  estimate: null, parentId: null, cycleId: null, milestoneId: null, sortOrder: id, customValues: {}, commentCount: 0, spentMinutes: 0, createdAt: at, updatedAt: at, completedAt: null, recurrence: null, sla: null,
});
const field = (id: number, extra: Partial<CustomField>): CustomField => ({
  id, type: 'text', name: { ru: `F${id}`, en: `F${id}` }, description: { ru: '', en: '' }, required: false, defaultValue: null, scope: 'all', projectIds: [], options: [], position: 0, archivedAt: null, valueCount: 0, ...extra,
});

function store(): SyncState {
  const s = createSyncState();
  s.syncId = 5;
  s.projects = { 1: project(1, 'WEB'), 2: project(2, 'OPS') };
  s.issues = { 10: issue(10, 'WEB-3', 1), 11: issue(11, 'OPS-3', 2) };
  s.statuses = {
    7: { id: 7, projectId: 1, name: 'Done', category: 'completed', color: '#0f0', position: 2, waiting: false },
    8: { id: 8, projectId: 1, name: 'Todo', category: 'unstarted', color: '#999', position: 1, waiting: false },
    9: { id: 9, projectId: 2, name: 'Other', category: 'unstarted', color: '#999', position: 0, waiting: false },
  };
  s.labels = { 3: { id: 3, projectId: 1, name: 'bug', color: '#f00' }, 4: { id: 4, projectId: 1, name: 'API', color: '#00f' }, 5: { id: 5, projectId: 2, name: 'x', color: '#000' } };
  s.members = { '1:20': { projectId: 1, userId: 20, role: 'member' }, '1:2': { projectId: 1, userId: 2, role: 'owner' }, '2:3': { projectId: 2, userId: 3, role: 'member' } };
  s.users = { 2: { id: 2, name: 'Ann' }, 20: { id: 20, name: 'Bob' } };
  s.customFields = {
    1: field(1, { position: 2 }),
    2: field(2, { position: 1, scope: 'projects', projectIds: [1] }),
    3: field(3, { scope: 'projects', projectIds: [2] }),
    4: field(4, { archivedAt: at }),
  };
  return s;
}

describe('the issue page from the store', () => {
  it('finds an issue by its key (any case) or its id', () => {
    const s = store();
    expect(storeIssue(s, 'WEB-3')?.id).toBe(10);
    expect(storeIssue(s, 'ops-3')?.id).toBe(11);
    expect(storeIssue(s, '10')?.key).toBe('WEB-3');
    expect(storeIssue(s, 'WEB-4')).toBeNull();
    expect(storeIssue(s, '12')).toBeNull();
  });

  it("gives a project's statuses in board order, labels by name and members with their names", () => {
    expect(storeProject(store(), 1)).toEqual({
      statuses: [
        { id: 8, name: 'Todo', category: 'unstarted', color: '#999', position: 1, waiting: false },
        { id: 7, name: 'Done', category: 'completed', color: '#0f0', position: 2, waiting: false },
      ],
      labels: [
        { id: 4, name: 'API', color: '#00f' },
        { id: 3, name: 'bug', color: '#f00' },
      ],
      members: [
        { user: { id: 2, name: 'Ann' }, role: 'owner' },
        { user: { id: 20, name: 'Bob' }, role: 'member' },
      ],
    });
  });

  it('gives the active fields that apply to the project, in their order', () => {
    expect(storeFields(store(), 1)?.map((f) => f.id)).toEqual([2, 1]);
    expect(storeFields(store(), 2)?.map((f) => f.id)).toEqual([3, 1]);
  });

  it('answers null for a project the store does not hold, or before its first bootstrap answered (the page asks the API)', () => {
    expect(storeProject(store(), 99)).toBeNull();
    expect(storeFields(store(), 99)).toBeNull();
    const empty = store();
    empty.syncId = null;
    empty.projects = {};
    expect(storeProject(empty, 1)).toBeNull();
    expect(storeFields(empty, 1)).toBeNull();
  });

  it("answers from a bootstrap's small tables while its issues still wait (store/reads.ts)", () => {
    const early = store();
    early.syncId = null;
    expect(storeProject(early, 1)?.statuses.length).toBeGreaterThan(0);
  });

  it("takes the feed's newer copy of the list fields into the page's issue, and nothing older", () => {
    const s = store();
    const item = issue(10, 'WEB-3', 1);
    const detail: IssueDetail = {
      ...item, statusId: 8, labelIds: [3], streamIds: [1], version: 3, description: 'd', descriptionHtml: '<p>d</p>', reporter: null,
      project: { id: 1, key: 'WEB', name: 'WEB', color: '#000' }, status: { id: 8, name: 'Todo', category: 'unstarted', color: '#999', position: 1, waiting: false },
      labels: [{ id: 3, name: 'bug', color: '#f00' }], streams: [{ id: 1, name: 'One' }], parent: null, children: [], relations: [], watchers: [], attachments: [], watching: false, can: ['issue.edit'],
    };
    const newer = { ...item, title: 'Renamed', statusId: 7, priority: 'low' as const, assignee: { id: 2, name: 'Ann' }, labelIds: [4], streamIds: [1, 2], parentId: 11, updatedAt: '2026-01-02T00:00:00.000Z' };
    const merged = withStoreCopy(detail, newer, s, [{ id: 2, name: 'Two' }]);
    expect(merged).toMatchObject({
      title: 'Renamed', statusId: 7, status: { id: 7, name: 'Done' }, priority: 'low', assignee: { id: 2, name: 'Ann' },
      labelIds: [4], labels: [{ id: 4, name: 'API', color: '#00f' }], streams: [{ id: 1, name: 'One' }, { id: 2, name: 'Two' }],
      parent: { id: 11, key: 'OPS-3', title: 'Issue 11' }, updatedAt: newer.updatedAt,
      version: 3, description: 'd', can: ['issue.edit'],
    });
    expect(withStoreCopy(detail, { ...newer, updatedAt: item.updatedAt }, s)).toBe(detail);
    expect(withStoreCopy(detail, { ...newer, id: 11 }, s)).toBe(detail);
  });
});
