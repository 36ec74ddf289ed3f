// Issue 11, L4: a stale edit must not silently overwrite a newer one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let anna: TestUser;
let boris: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  anna = await signUp(t, { name: 'Anna' });
  boris = await signUp(t, { name: 'Boris' });
  project = await createProject(anna);
  await addMember(anna, project.project.id, boris, 'member');
});
afterAll(() => t.close());

const patch = (user: TestUser, id: number, json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  user.client.request('PATCH', `/api/issues/${id}`, { json, headers });

describe('issue versions', () => {
  it('GET returns the version and its ETag; every change bumps it, whoever writes', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'First' });
    const got = await anna.client.get(`/api/issues/${issue.id}`);
    expect(got.body.issue.version).toBe(1);
    // The version leads the ETag (the rest is the page's data versions), so the tag serves as If-Match.
    expect(got.headers.get('etag')).toMatch(/^"1\.[\w-]+"$/);
    const edited = await patch(anna, issue.id, { title: 'Second' });
    expect(edited.body.issue.version).toBe(2);
    expect(edited.headers.get('etag')).toMatch(/^"2\.[\w-]+"$/);
    // The bot and maintenance paths write SQL of their own: the trigger counts them too.
    await t.sql('update issues set priority = 2 where id = ?', [issue.id]);
    expect((await anna.client.get(`/api/issues/${issue.id}`)).body.issue.version).toBe(3);
    // A patch that changes nothing is no change.
    expect((await patch(anna, issue.id, { title: 'Second' })).body.issue.version).toBe(3);
  });

  it('refuses a stale edit of a field changed since its base version with 409, changing nothing', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'Plan', description: 'v1' });
    expect((await patch(anna, issue.id, { description: 'theirs', baseVersion: 1 })).status).toBe(200);
    const before = await t.sql('select title, description, version, updated_at from issues where id = ?', [issue.id]);

    const stale = await patch(boris, issue.id, { description: 'mine', baseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      statusCode: 409,
      statusMessage: 'Кто-то уже изменил это, пока вы редактировали',
      data: { code: 'edit_conflict', fields: ['description'], version: 2, issue: { id: issue.id, description: 'theirs', version: 2 } },
    });
    expect(stale.headers.get('etag')).toBe('"2"');
    expect(await t.sql('select title, description, version, updated_at from issues where id = ?', [issue.id])).toEqual(before);

    const en = await patch(boris, issue.id, { description: 'mine', baseVersion: 1 }, { 'accept-language': 'en' });
    expect(en.body.statusMessage).toBe('Someone else changed this in the meantime');
    // Merged on the new base, it goes through.
    const merged = await patch(boris, issue.id, { description: 'theirs + mine', baseVersion: 2 });
    expect(merged.status).toBe(200);
    expect(merged.body.issue).toMatchObject({ description: 'theirs + mine', version: 3 });
  });

  it('merges edits of different fields made from the same base', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'Old title', description: 'Old text' });
    expect((await patch(anna, issue.id, { title: 'New title', baseVersion: 1 })).status).toBe(200);
    const other = await patch(boris, issue.id, { description: 'New text', title: 'New title', baseVersion: 1 });
    expect(other.status).toBe(200);
    expect(other.body.issue).toMatchObject({ title: 'New title', description: 'New text', version: 3 });
  });

  it('tracks labels too, and honours If-Match (strong, weak, *), refusing a malformed one', async () => {
    const issue = await createIssue(anna, project.project.id);
    const [l1, l2] = project.labels;
    expect((await patch(anna, issue.id, { labelIds: [l1!.id] }, { 'if-match': '"1"' })).status).toBe(200);
    const stale = await patch(boris, issue.id, { labelIds: [l2!.id] }, { 'if-match': '"1"' });
    expect(stale.status).toBe(409);
    expect(stale.body.data.fields).toEqual(['labelIds']);
    expect((await patch(boris, issue.id, { priority: 'high' }, { 'if-match': 'W/"1"' })).status).toBe(200);
    const tag = (await boris.client.get(`/api/issues/${issue.id}`)).headers.get('etag')!;
    // The ETag of a GET, sent back as it came, names its version.
    expect((await patch(anna, issue.id, { title: 'Anna’s' }, { 'if-match': tag })).status).toBe(200);
    expect((await patch(boris, issue.id, { title: 'Boris’s' }, { 'if-match': tag })).status).toBe(409);
    expect((await patch(boris, issue.id, { labelIds: [l2!.id] }, { 'if-match': '"3"' })).status).toBe(200);
    expect((await patch(boris, issue.id, { title: 'Any' }, { 'if-match': '*' })).status).toBe(200);
    const bad = await patch(boris, issue.id, { title: 'Bad' }, { 'if-match': 'yesterday' });
    expect(bad.status).toBe(400);
    // A base from the future cannot be trusted to have seen anything.
    expect((await patch(boris, issue.id, { title: 'Future' }, { 'if-match': '"999"' })).status).toBe(409);
  });

  it('without a base version behaves as before: the last write wins', async () => {
    const issue = await createIssue(anna, project.project.id, { title: 'A' });
    expect((await patch(anna, issue.id, { title: 'B' })).status).toBe(200);
    const res = await patch(boris, issue.id, { title: 'C' });
    expect(res.status).toBe(200);
    expect(res.body.issue).toMatchObject({ title: 'C', version: 3 });
  });
});
