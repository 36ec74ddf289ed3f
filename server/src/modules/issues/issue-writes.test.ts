import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
const statusOf = (p: typeof project, category: string) => p.statuses.find((s) => s.category === category)!.id;
const snapshot = () =>
  t.sql(`select (select json_agg(i order by i.id) from (select x.id, x.title, x.status_id, x.priority, x.assignee_id, x.sort_order, x.updated_at, y.issue_counter from issues x join projects y on y.id = x.project_id) i) as issues,
                (select count(*)::int from activities) as activities, (select count(*)::int from issue_labels) as labels,
                (select count(*)::int from issue_streams) as streams, (select count(*)::int from comments) as comments`);

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  project = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
});
afterAll(() => t.close());

describe('bulk edit', () => {
  it('changes every issue and records activity per issue per field', async () => {
    const [a, b] = [await createIssue(owner, project.project.id), await createIssue(owner, project.project.id, { labelIds: [project.labels[0]!.id] })];
    await t.sql(`insert into streams (name) values ('Q1')`);
    const streamId = (await t.sql<{ id: number }>(`select id from streams where name = 'Q1'`))[0]!.id;
    const res = await member.client.post('/api/issues/bulk', {
      ids: [a.id, b.id],
      patch: { statusId: statusOf(project, 'completed'), priority: 'urgent', addLabelIds: [project.labels[1]!.id], removeLabelIds: [project.labels[0]!.id], addStreamIds: [streamId] },
    });
    expect(res.status).toBe(200);
    const rows = await t.sql<{ id: number; priority: number; labels: number[]; streams: number[] }>(
      `select i.id, i.priority, array(select label_id from issue_labels where issue_id = i.id) as labels,
              array(select stream_id from issue_streams where issue_id = i.id) as streams from issues i where i.id in (?, ?) order by i.id`,
      [a.id, b.id],
    );
    expect(rows).toEqual([
      { id: a.id, priority: 1, labels: [project.labels[1]!.id], streams: [streamId] },
      { id: b.id, priority: 1, labels: [project.labels[1]!.id], streams: [streamId] },
    ]);
    const fields = await t.sql<{ issue_id: number; field: string }>(`select issue_id, field from activities where action = 'updated' and issue_id in (?, ?) order by issue_id, field`, [a.id, b.id]);
    expect(fields.map((f) => `${f.issue_id === a.id ? 'a' : 'b'}.${f.field}`)).toEqual(['a.labelIds', 'a.priority', 'a.statusId', 'a.streamIds', 'b.labelIds', 'b.priority', 'b.statusId', 'b.streamIds']);
    const feed = await t.sql<{ action: string }>(`select action from activities where stream_id = ? order by id`, [streamId]);
    expect(feed.map((f) => f.action)).toEqual(['stream.issue_added', 'stream.issue_completed', 'stream.issue_added', 'stream.issue_completed']);
  });

  it('is all-or-nothing: one issue the caller may not edit changes nothing', async () => {
    const other = await createProject(owner);
    await addMember(owner, other.project.id, member, 'viewer');
    const mine = await createIssue(owner, project.project.id);
    const readOnly = await createIssue(owner, other.project.id);
    const before = await snapshot();
    const res = await member.client.post('/api/issues/bulk', { ids: [mine.id, readOnly.id], patch: { priority: 'high' } });
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);

    const invalid = await owner.client.post('/api/issues/bulk', { ids: [mine.id, readOnly.id], patch: { statusId: statusOf(project, 'started') } });
    expect(invalid.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('move on the board', () => {
  it('places an issue between neighbours and records a status change', async () => {
    const p = await createProject(owner);
    const todo = statusOf(p, 'unstarted');
    const started = statusOf(p, 'started');
    const [x, y, z] = [await createIssue(owner, p.project.id, { statusId: started }), await createIssue(owner, p.project.id, { statusId: started }), await createIssue(owner, p.project.id, { statusId: todo })];
    const column = async () => (await owner.client.get(`/api/issues?project=${p.project.id}&status=${started}&limit=50`)).body.issues.sort((m: { sortOrder: number }, n: { sortOrder: number }) => m.sortOrder - n.sortOrder).map((i: { id: number }) => i.id);
    expect(await column()).toEqual([x.id, y.id]);

    const moved = await owner.client.post(`/api/issues/${z.id}/move`, { statusId: started, beforeId: x.id, afterId: y.id });
    expect(moved.status).toBe(200);
    expect(moved.body.issue.statusId).toBe(started);
    expect(await column()).toEqual([x.id, z.id, y.id]);
    const changes = await t.sql(`select field, old_value, new_value from activities where issue_id = ? and action = 'updated'`, [z.id]);
    expect(changes).toEqual([{ field: 'statusId', old_value: todo, new_value: started }]);

    await owner.client.post(`/api/issues/${y.id}/move`, { statusId: started, afterId: x.id });
    expect(await column()).toEqual([y.id, x.id, z.id]);
    await owner.client.post(`/api/issues/${y.id}/move`, { statusId: started, beforeId: z.id });
    expect(await column()).toEqual([x.id, z.id, y.id]);
    // Same-status reorders record no status activity.
    expect(await t.sql(`select count(*)::int as n from activities where issue_id = ? and action = 'updated'`, [y.id])).toEqual([{ n: 0 }]);

    // Many halvings between the same neighbours renumber the column instead of losing order.
    for (let n = 0; n < 60; n++) await owner.client.post(`/api/issues/${z.id}/move`, { statusId: started, beforeId: x.id, afterId: y.id });
    const between = await owner.client.post(`/api/issues/${y.id}/move`, { statusId: started, beforeId: x.id, afterId: z.id });
    expect(between.status).toBe(200);
    expect(await column()).toEqual([x.id, y.id, z.id]);

    const wrong = await owner.client.post(`/api/issues/${z.id}/move`, { statusId: todo, beforeId: x.id });
    expect(wrong.status).toBe(400);
  });
});

describe('archived projects are read-only', () => {
  it('refuses issue and comment writes with 409 project_archived and keeps reads working', async () => {
    const p = await createProject(owner);
    const issue = await createIssue(owner, p.project.id);
    const comment = (await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'c' })).body.comment.id;
    await owner.client.post(`/api/projects/${p.project.id}/archive`);
    const before = await snapshot();
    const writes = [
      owner.client.post('/api/issues', { projectId: p.project.id, title: 'x' }),
      owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'x' } }),
      owner.client.request('DELETE', `/api/issues/${issue.id}`),
      owner.client.post(`/api/issues/${issue.id}/move`, { statusId: statusOf(p, 'started') }),
      owner.client.post('/api/issues/bulk', { ids: [issue.id], patch: { priority: 'low' } }),
      owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'x' }),
      owner.client.request('PATCH', `/api/comments/${comment}`, { json: { body: 'x' } }),
      owner.client.request('DELETE', `/api/comments/${comment}`),
      owner.client.post(`/api/projects/${p.project.id}/labels`, { name: 'New' }),
      owner.client.post(`/api/projects/${p.project.id}/statuses`, { name: 'New', category: 'started' }),
      owner.client.request('PUT', `/api/projects/${p.project.id}/members/${member.id}`, { json: { role: 'member' } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(409);
      expect(res.body.data.code).toBe('project_archived');
    }
    expect(await snapshot()).toEqual(before);
    expect((await owner.client.get(`/api/issues/${issue.key}`)).status).toBe(200);
  });
});

describe('failed writes leave the database unchanged', () => {
  it('does not spend an issue number on a refused creation', async () => {
    const before = await snapshot();
    for (const body of [
      { projectId: project.project.id, title: 'x', labelIds: [999999] },
      { projectId: project.project.id, title: 'x', streamIds: [999999] },
      { projectId: project.project.id, title: 'x', parentId: 999999 },
      { projectId: project.project.id, title: 'x', customValues: { '999999': 'x' } },
      { projectId: project.project.id, title: '' },
    ]) {
      expect((await member.client.post('/api/issues', body)).status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('workflow', () => {
  it('deletes a status by moving its issues, with activity; refuses the last completed status', async () => {
    const p = await createProject(owner);
    const review = p.statuses.find((s) => s.name === 'На проверке')!.id;
    const started = p.statuses.find((s) => s.name === 'В работе')!.id;
    const issue = await createIssue(owner, p.project.id, { statusId: review });
    expect((await owner.client.request('DELETE', `/api/statuses/${review}?moveTo=${review}`)).status).toBe(400);
    expect((await owner.client.request('DELETE', `/api/statuses/${review}?moveTo=${started}`)).status).toBe(204);
    expect((await owner.client.get(`/api/issues/${issue.id}`)).body.issue.statusId).toBe(started);
    expect(await t.sql(`select field, old_value, new_value from activities where issue_id = ? and action = 'updated'`, [issue.id])).toEqual([
      { field: 'statusId', old_value: review, new_value: started },
    ]);
    const done = statusOf(p, 'completed');
    const last = await owner.client.request('DELETE', `/api/statuses/${done}?moveTo=${started}`);
    expect(last.status).toBe(409);
    expect(last.body.data.code).toBe('last_status');
    expect((await owner.client.request('PATCH', `/api/statuses/${done}`, { json: { category: 'started' } })).status).toBe(409);

    const ids = p.statuses.map((s) => s.id).filter((id) => id !== review).reverse();
    const reordered = await owner.client.request('PUT', `/api/projects/${p.project.id}/statuses/order`, { json: { ids } });
    expect(reordered.body.statuses.map((s: { id: number }) => s.id)).toEqual(ids);
    expect((await owner.client.request('PUT', `/api/projects/${p.project.id}/statuses/order`, { json: { ids: ids.slice(1) } })).status).toBe(400);
  });

  it('keeps label names unique per project', async () => {
    const res = await member.client.post(`/api/projects/${project.project.id}/labels`, { name: project.labels[0]!.name.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ code: 'conflict', field: 'name' });
  });
});
