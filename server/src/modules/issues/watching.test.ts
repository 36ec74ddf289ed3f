import { activityResponseSchema } from '@tracker/shared/api/issues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let ivan: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  ivan = await signUp(t, { name: 'Ivan' });
  stranger = await signUp(t, { name: 'Stranger' });
});
afterAll(() => t.close());

const watching = async (user: TestUser, query = '') => {
  const res = await user.client.get(`/api/activity/watching${query}`);
  expect(res.status).toBe(200);
  return activityResponseSchema.parse(res.body).activity;
};

describe('GET /api/activity/watching', () => {
  it('lists other people\'s changes on the issues I watch, newest first, not my own and not on issues I do not watch', async () => {
    const project = await createProject(owner);
    await addMember(owner, project.project.id, ivan, 'member');
    const watched = await createIssue(owner, project.project.id, { title: 'Watched' });
    const other = await createIssue(owner, project.project.id, { title: 'Not watched' });
    expect((await ivan.client.post(`/api/issues/${watched.id}/watch`)).status).toBe(200);
    await ivan.client.request('PATCH', `/api/issues/${watched.id}`, { json: { priority: 'low' } });
    await owner.client.request('PATCH', `/api/issues/${watched.id}`, { json: { title: 'Watched, renamed' } });
    await owner.client.request('PATCH', `/api/issues/${other.id}`, { json: { title: 'Still not watched' } });

    const activity = await watching(ivan);
    expect(activity.every((a) => a.issue?.id === watched.id)).toBe(true);
    expect(activity.every((a) => a.actor?.id === owner.id)).toBe(true);
    expect(activity.map((a) => a.action)).toContain('created');
    expect(activity[0]!.field).toBe('title');
    expect(activity.map((a) => a.id)).toEqual([...activity.map((a) => a.id)].sort((a, b) => b - a));
    expect(await watching(ivan, '?limit=1')).toHaveLength(1);
  });

  it('never shows a private project\'s activity to someone who cannot see it, even a former watcher', async () => {
    const secret = await createProject(owner, { name: 'Secret', visibility: 'members' });
    await addMember(owner, secret.project.id, ivan, 'member');
    const issue = await createIssue(owner, secret.project.id, { title: 'Private plans' });
    expect((await ivan.client.post(`/api/issues/${issue.id}/watch`)).status).toBe(200);
    // A stranger cannot watch it in the first place.
    expect((await stranger.client.post(`/api/issues/${issue.id}/watch`)).status).toBe(404);
    await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Private plans, v2' } });
    expect((await watching(ivan)).some((a) => a.issue?.id === issue.id)).toBe(true);

    expect((await owner.client.request('DELETE', `/api/projects/${secret.project.id}/members/${ivan.id}`)).status).toBeLessThan(300);
    await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Private plans, v3' } });
    expect((await watching(ivan)).some((a) => a.issue?.id === issue.id)).toBe(false);
    expect((await watching(stranger)).some((a) => a.issue?.id === issue.id)).toBe(false);
  });

  it('needs a signed-in user and refuses a bad limit with a field error, not a 5xx', async () => {
    expect((await t.client().get('/api/activity/watching')).status).toBe(401);
    for (const limit of ['0', '101', 'x']) {
      const res = await ivan.client.get(`/api/activity/watching?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.statusMessage).toBeTruthy();
    }
  });
});
