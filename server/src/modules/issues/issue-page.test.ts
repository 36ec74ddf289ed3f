// The issue page in one call (issue 14): the issue, its comments and its activity, revalidated by ETag.
import { issuePageResponseSchema } from '@tracker/shared/api/issues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  outsider = await signUp(t, { name: 'Outsider' });
});
afterAll(() => t.close());

describe('GET /api/issues/:ref/page', () => {
  it('answers the issue with its comments and activity, and a new ETag after a comment', async () => {
    const { project } = await createProject(owner, { visibility: 'members' });
    const issue = await createIssue(owner, project.id, { title: 'One call' });
    await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { priority: 'high' } });
    await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'First comment' });

    const res = await owner.client.get(`/api/issues/${issue.key}/page`);
    expect(res.status).toBe(200);
    const page = issuePageResponseSchema.parse(res.body);
    expect(page.issue.title).toBe('One call');
    expect(page.comments.map((c) => c.body)).toEqual(['First comment']);
    expect(page.activity.map((a) => a.action)).toEqual(expect.arrayContaining(['created']));
    expect(page.activity.some((a) => a.field === 'priority')).toBe(true);

    const etag = res.headers.get('etag')!;
    expect((await owner.client.request('GET', `/api/issues/${issue.key}/page`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // The plain issue answer has a tag of its own: one body cannot pass for the other.
    expect((await owner.client.get(`/api/issues/${issue.key}`)).headers.get('etag')).not.toBe(etag);

    await owner.client.post(`/api/issues/${issue.id}/comments`, { body: 'Second comment' });
    const after = await owner.client.request('GET', `/api/issues/${issue.key}/page`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(issuePageResponseSchema.parse(after.body).comments.map((c) => c.body)).toEqual(['First comment', 'Second comment']);

    expect((await outsider.client.get(`/api/issues/${issue.key}/page`)).status).toBe(404);
    expect((await t.client().get(`/api/issues/${issue.key}/page`)).status).toBe(401);
  });
});
