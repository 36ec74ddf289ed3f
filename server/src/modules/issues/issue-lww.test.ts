// Issue 14: an edit made offline and sent later carries `editedAt`; each field is applied with
// last-writer-wins by the time of the edit, and the answer names the fields a later write kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let anna: TestUser;
let boris: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let statuses: { id: number }[];

beforeAll(async () => {
  t = await createTestServer();
  anna = await signUp(t, { name: 'Anna' });
  boris = await signUp(t, { name: 'Boris' });
  project = await createProject(anna);
  await addMember(anna, project.project.id, boris, 'member');
  statuses = (await anna.client.get(`/api/projects/${project.project.id}`)).body.statuses;
});
afterAll(() => t.close());

const patch = (user: TestUser, id: number, json: Record<string, unknown>) => user.client.request('PATCH', `/api/issues/${id}`, { json });

describe('offline edits, last writer wins per field', () => {
  it('keeps a field changed after the edit was made, applies the others, and says which was overridden', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'Shared' });
    const offlineAt = new Date(Date.now() - 60_000).toISOString(); // Boris edited a minute ago, offline
    expect((await patch(anna, issue.id, { statusId: statuses[2]!.id })).status).toBe(200); // Anna, just now

    const sent = await patch(boris, issue.id, { statusId: statuses[1]!.id, priority: 'urgent', editedAt: offlineAt });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('overridden-fields')).toBe('statusId');
    expect(sent.body.issue.statusId).toBe(statuses[2]!.id);
    expect(sent.body.issue.priority).toBe('urgent');
  });

  it('applies an edit made after the last change, and a clock ahead of the server counts as now', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'Later edit' });
    expect((await patch(anna, issue.id, { statusId: statuses[2]!.id, labelIds: [] })).status).toBe(200);
    const later = await patch(boris, issue.id, { statusId: statuses[1]!.id, editedAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(later.status).toBe(200);
    expect(later.headers.get('overridden-fields')).toBeNull();
    expect(later.body.issue.statusId).toBe(statuses[1]!.id);
    // The future edit did not become "newer than everything": an edit made now still wins after it.
    const next = await patch(anna, issue.id, { statusId: statuses[0]!.id, editedAt: new Date().toISOString() });
    expect(next.headers.get('overridden-fields')).toBeNull();
    expect(next.body.issue.statusId).toBe(statuses[0]!.id);
  });

  it('stamps labels too, and refuses editedAt with baseVersion or malformed', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'Labels' });
    const label = (await anna.client.post(`/api/projects/${project.project.id}/labels`, { name: `l${Date.now()}`, color: '#ff0000' })).body.label;
    const before = new Date(Date.now() - 60_000).toISOString();
    expect((await patch(anna, issue.id, { labelIds: [label.id] })).status).toBe(200);
    const sent = await patch(boris, issue.id, { labelIds: [], title: 'Renamed offline', editedAt: before });
    expect(sent.headers.get('overridden-fields')).toBe('labelIds');
    expect(sent.body.issue.labelIds).toEqual([label.id]);
    expect(sent.body.issue.title).toBe('Renamed offline');

    const both = await patch(boris, issue.id, { title: 'x', editedAt: before, baseVersion: 1 });
    expect(both.status).toBe(400);
    const bad = await patch(boris, issue.id, { title: 'x', editedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect((await anna.client.get(`/api/issues/${issue.id}`)).body.issue.title).toBe('Renamed offline');
  });
});
