import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResponseSchema, issueResponseSchema } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  project = await createProject(owner);
  await addMember(owner, project.project.id, member, 'member');
});
afterAll(() => t.close());

const statusOf = (category: string) => project.statuses.find((s) => s.category === category)!.id;

describe('issues', () => {
  it('creates an issue with key, default status, reporter watching, and opens it by id and key', async () => {
    const res = await member.client.post('/api/issues', { projectId: project.project.id, title: 'Первая', description: '**Жирный** <script>x</script>', labelIds: [project.labels[0]!.id] });
    expect(res.status).toBe(201);
    const { issue } = issueResponseSchema.parse(res.body);
    expect(issue.key).toBe(`${project.project.key}-1`);
    expect(issue.status.category).toBe('backlog');
    expect(issue.reporter).toEqual({ id: member.id, name: 'Member' });
    expect(issue.watchers).toEqual([{ id: member.id, name: 'Member' }]);
    expect(issue.watching).toBe(true);
    expect(issue.descriptionHtml).toContain('<strong>Жирный</strong>');
    expect(issue.descriptionHtml).not.toContain('<script');
    expect(issue.labelIds).toEqual([project.labels[0]!.id]);
    expect(issue.can).toEqual(['issue.edit', 'comment.create']);
    const byKey = await owner.client.get(`/api/issues/${issue.key}`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.issue.id).toBe(issue.id);
    expect(byKey.body.issue.can).toEqual(['issue.edit', 'issue.delete', 'comment.create', 'comment.moderate']);
    expect((await owner.client.get(`/api/issues/${issue.key.toLowerCase()}`)).status).toBe(400);
  });

  it('keeps keys unique and consecutive under 30 concurrent creations', async () => {
    const p = await createProject(owner);
    const results = await Promise.all(Array.from({ length: 30 }, (_, n) => owner.client.post('/api/issues', { projectId: p.project.id, title: `Parallel ${n}` })));
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const numbers = results.map((r) => r.body.issue.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    expect(await t.sql('select issue_counter from projects where id = ?', [p.project.id])).toEqual([{ issue_counter: 30 }]);
  });

  it('records one activity row with old and new value for every changed field', async () => {
    const parent = await createIssue(owner, project.project.id, { title: 'Parent' });
    const issue = await createIssue(owner, project.project.id, { title: 'Before' });
    const patch = {
      title: 'After',
      description: 'new text',
      statusId: statusOf('completed'),
      priority: 'high',
      assigneeId: member.id,
      labelIds: [project.labels[1]!.id, project.labels[2]!.id],
      startDate: '2026-12-01',
      dueDate: '2026-12-10',
      estimate: 3.5,
      parentId: parent.id,
    };
    const res = await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: patch });
    expect(res.status).toBe(200);
    expect(res.body.issue).toMatchObject({ title: 'After', priority: 'high', assignee: { id: member.id }, estimate: 3.5, parentId: parent.id, dueDate: '2026-12-10' });
    expect(res.body.issue.completedAt).not.toBeNull();

    const { activity } = activityResponseSchema.parse((await owner.client.get(`/api/issues/${issue.id}/activity`)).body);
    const updates = activity.filter((a) => a.action === 'updated');
    expect(updates.map((a) => a.field).sort()).toEqual(Object.keys(patch).sort());
    const byField = Object.fromEntries(updates.map((a) => [a.field, [a.oldValue, a.newValue]]));
    expect(byField).toEqual({
      title: ['Before', 'After'],
      description: [null, 'new text'].map((v, i) => (i === 0 ? '' : v)),
      statusId: [issue.statusId, statusOf('completed')],
      priority: ['none', 'high'],
      assigneeId: [null, member.id],
      labelIds: [[], [project.labels[1]!.id, project.labels[2]!.id].sort((a, b) => a - b)],
      startDate: [null, '2026-12-01'],
      dueDate: [null, '2026-12-10'],
      estimate: [null, 3.5],
      parentId: [null, parent.id],
    });
    expect(activity[0]).toMatchObject({ action: 'created', actor: { id: owner.id, name: 'Owner' } });

    // The same values again change nothing and record nothing.
    await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: patch });
    expect((await owner.client.get(`/api/issues/${issue.id}/activity`)).body.activity).toHaveLength(activity.length);

    const reopen = await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: statusOf('started') } });
    expect(reopen.body.issue.completedAt).toBeNull();
  });

  it('refuses parent cycles, foreign labels and unknown statuses with 400 and changes nothing', async () => {
    const a = await createIssue(owner, project.project.id, { title: 'A' });
    const b = await createIssue(owner, project.project.id, { title: 'B', parentId: a.id });
    const c = await createIssue(owner, project.project.id, { title: 'C', parentId: b.id });
    const before = await t.sql('select * from issues where id = ?', [a.id]);
    const activityBefore = await t.sql('select count(*)::int as n from activities');
    for (const [json, field, message] of [
      [{ parentId: c.id }, 'parentId', 'validation.parentCycle'],
      [{ parentId: a.id }, 'parentId', 'validation.parentCycle'],
      [{ title: 'x', statusId: 999999 }, 'statusId', 'validation.unknownStatus'],
      [{ title: 'x', labelIds: [999999] }, 'labelIds', 'validation.unknownLabel'],
      [{ title: 'x', startDate: '2026-12-10', dueDate: '2026-12-01' }, 'dueDate', 'validation.dueBeforeStart'],
    ] as const) {
      const res = await owner.client.request('PATCH', `/api/issues/${a.id}`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.data.issues[0]).toMatchObject({ path: [field], message });
    }
    expect(await t.sql('select * from issues where id = ?', [a.id])).toEqual(before);
    expect(await t.sql('select count(*)::int as n from activities')).toEqual(activityBefore);
    const detail = await owner.client.get(`/api/issues/${a.id}`);
    expect(detail.body.issue.children).toEqual([{ id: b.id, key: b.key, title: 'B', statusId: b.statusId, completed: false }]);
  });

  it('refuses an assignee who cannot see the project', async () => {
    const outsider = await signUp(t);
    const res = await owner.client.post('/api/issues', { projectId: project.project.id, title: 'x', assigneeId: outsider.id });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]).toMatchObject({ path: ['assigneeId'], message: 'validation.assigneeNoAccess' });
  });

  it('deletes an issue (owner only) and keeps a project activity row', async () => {
    const issue = await createIssue(member, project.project.id, { title: 'Doomed' });
    expect((await member.client.request('DELETE', `/api/issues/${issue.id}`)).status).toBe(403);
    expect((await owner.client.request('DELETE', `/api/issues/${issue.key}`)).status).toBe(204);
    expect((await owner.client.get(`/api/issues/${issue.id}`)).status).toBe(404);
    const feed = await owner.client.get(`/api/projects/${project.project.id}/activity?limit=5`);
    expect(feed.body.activity[0]).toMatchObject({ action: 'issue.deleted', oldValue: { key: issue.key, title: 'Doomed' } });
  });
});
