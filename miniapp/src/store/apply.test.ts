import { describe, expect, it } from 'vitest';
import { applyBootstrap, applyChanges, applyProjectBootstrap, evictIssues } from './apply.ts';
import { Dirty } from './dirty.ts';
import { emptyData } from './model.ts';
import { bootstrapOf, comment, issue, project, status } from './test-data.ts';

function loaded() {
  const data = emptyData();
  applyBootstrap(data, bootstrapOf());
  applyChanges(data, [
    { entity: 'comment', id: 7, issueId: 1, data: comment(7, 1) },
    { entity: 'comment', id: 8, issueId: 4, data: comment(8, 4) },
  ], 6);
  return data;
}

describe('applying the sync feed', () => {
  it('a bootstrap fills every table by id and takes its position', () => {
    const data = emptyData();
    const dirty = new Dirty();
    applyBootstrap(data, bootstrapOf(), dirty);
    expect(Object.keys(data.issues).map(Number)).toEqual([1, 2, 3, 4]);
    expect(data.members['2:1']?.role).toBe('member');
    expect(data.syncId).toBe(5);
    expect(dirty.all).toBe(true);
  });

  it('keeps custom-field definitions and saved views from the bootstrap and the feed', () => {
    const field = { id: 5, type: 'text' as const, name: { ru: 'Клиент', en: 'Customer' }, description: { ru: '', en: '' }, required: false, defaultValue: null, scope: 'all' as const, projectIds: [], options: [], position: 0, archivedAt: null, valueCount: 0 };
    const view = { id: 8, name: 'Mine', projectId: null, owner: { id: 1, name: 'Ann' }, query: { priority: 'high' }, layout: 'list' as const, groupBy: 'none' as const };
    const data = emptyData();
    applyBootstrap(data, bootstrapOf({ customFields: [field], views: [view] }));
    expect(data.customFields[5]?.name.en).toBe('Customer');
    expect(data.views[8]?.name).toBe('Mine');
    const dirty = new Dirty();
    applyChanges(data, [
      { entity: 'custom_field', id: 5, data: null },
      { entity: 'view', id: 8, data: { ...view, name: 'Mine, renamed' } },
    ], 7, dirty);
    expect(data.customFields[5]).toBeUndefined();
    expect(data.views[8]?.name).toBe('Mine, renamed');
    expect([...(dirty.del.get('customFields') ?? [])]).toEqual([5]);
    expect([...(dirty.put.get('views') ?? [])]).toEqual([8]);
  });

  it('changes replace entities with their current state and remove those with null data', () => {
    const data = loaded();
    const dirty = new Dirty();
    applyChanges(data, [
      { entity: 'issue', id: 2, data: issue(2, 1, { title: 'Renamed' }) },
      { entity: 'issue', id: 9, data: issue(9, 2) },
      { entity: 'label', id: 100, data: null },
      { entity: 'member', id: 1, projectId: 1, data: null },
      { entity: 'user', id: 3, data: { id: 3, name: 'Bob' } },
      { entity: 'status', id: 11, data: status(11, 1, 'started') },
    ], 9, dirty);
    expect(data.issues[2]?.title).toBe('Renamed');
    expect(data.issues[9]?.projectId).toBe(2);
    expect(data.labels[100]).toBeUndefined();
    expect(data.members['1:1']).toBeUndefined();
    expect(data.users[3]?.name).toBe('Bob');
    expect(data.statuses[11]?.category).toBe('started');
    expect(data.syncId).toBe(9);
    expect([...dirty.put.get('issues')!]).toEqual([2, 9]);
    expect([...dirty.del.get('members')!]).toEqual(['1:1']);
  });

  it('a removed project takes its statuses, labels, members, issues and their comments with it', () => {
    const data = loaded();
    applyChanges(data, [{ entity: 'project', id: 1, data: null }], 7);
    expect(data.projects[1]).toBeUndefined();
    expect(Object.values(data.statuses).map((s) => s.id)).toEqual([20]);
    expect(Object.values(data.labels).map((l) => l.id)).toEqual([200]);
    expect(Object.keys(data.members)).toEqual(['2:1']);
    expect(Object.keys(data.issues).map(Number)).toEqual([4]);
    expect(Object.keys(data.comments).map(Number)).toEqual([8]);
    expect(data.commentsByIssue).toEqual({ 4: [8] });
    expect(data.users[1]).toBeDefined();
  });

  it('a removed issue takes its comments with it', () => {
    const data = loaded();
    applyChanges(data, [{ entity: 'issue', id: 1, data: null }], 7);
    expect(data.issues[1]).toBeUndefined();
    expect(data.comments[7]).toBeUndefined();
    expect(data.commentsByIssue[1]).toBeUndefined();
  });

  it('comments are indexed by issue; an edit keeps its place, a removal leaves the index', () => {
    const data = loaded();
    applyChanges(data, [{ entity: 'comment', id: 9, issueId: 1, data: comment(9, 1) }], 7);
    applyChanges(data, [{ entity: 'comment', id: 7, issueId: 1, data: comment(7, 1, 'edited') }], 8);
    expect(data.commentsByIssue[1]).toEqual([7, 9]);
    expect(data.comments[7]?.body).toBe('edited');
    applyChanges(data, [{ entity: 'comment', id: 7, issueId: null, data: null }], 9);
    expect(data.commentsByIssue[1]).toEqual([9]);
  });

  it('names the projects that arrive with data but are not held, for a bootstrap of their own', () => {
    const data = loaded();
    const missing = applyChanges(data, [
      { entity: 'project', id: 1, data: project(1, 'PA', { name: 'Alpha' }) },
      { entity: 'project', id: 3, data: project(3, 'PC') },
    ], 8);
    expect(missing).toEqual([3]);
    expect(data.projects[1]?.name).toBe('Alpha');
    // Until its bootstrap arrives its contents count as not held, so a reload loads them on use.
    expect(data.evicted).toEqual({ 3: true });
  });

  it("a project's bootstrap replaces its contents and keeps the store's position", () => {
    const data = loaded();
    applyProjectBootstrap(data, 1, bootstrapOf({
      syncId: 40,
      projects: [project(1, 'PA')],
      statuses: [status(12, 1)],
      labels: [],
      members: [{ projectId: 1, userId: 1, role: 'owner' }],
      issues: [issue(3, 1, { title: 'New' })],
    }));
    expect(Object.keys(data.issues).map(Number)).toEqual([3, 4]);
    expect(data.issues[3]?.title).toBe('New');
    expect(Object.values(data.statuses).map((s) => s.id)).toEqual([12, 20]);
    expect(data.syncId).toBe(6);
  });

  it("an evicted project's issues are not taken from the feed until it is loaded again", () => {
    const data = loaded();
    evictIssues(data, 1);
    expect(Object.keys(data.issues).map(Number)).toEqual([4]);
    applyChanges(data, [{ entity: 'issue', id: 2, data: issue(2, 1) }], 7);
    expect(data.issues[2]).toBeUndefined();
    applyProjectBootstrap(data, 1, bootstrapOf({ projects: [project(1, 'PA')], issues: [issue(2, 1)] }));
    expect(data.evicted[1]).toBeUndefined();
    expect(data.issues[2]).toBeDefined();
  });
});
