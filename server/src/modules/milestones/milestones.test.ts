import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { milestoneResponseSchema, milestonesResponseSchema } from '@tracker/shared/api/milestones';
import { syncBootstrapResponseSchema, syncChangesResponseSchema } from '@tracker/shared/api/sync';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, signUpTeam, type TestProject, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let project: TestProject;
let other: TestProject;
beforeAll(async () => {
  t = await createTestServer();
  ({ owner, member, viewer, outsider, project, other } = await signUpTeam(t));
});
afterAll(() => t.close());

const listPath = () => `/api/projects/${project.project.id}/milestones`;
const count = async () => Number((await t.sql<{ n: number }>('select count(*)::int as n from milestones'))[0]!.n);

describe('milestones', () => {
  it('are made by members, read by everyone who sees the project, and show progress', async () => {
    expect((await viewer.client.post(listPath(), { name: 'Beta', targetDate: '2027-03-01' })).status).toBe(403);
    expect((await outsider.client.get(listPath())).status).toBe(404);
    const created = await member.client.post(listPath(), { name: 'Beta', targetDate: '2027-03-01', description: 'First users' });
    expect(created.status).toBe(201);
    const { milestone } = milestoneResponseSchema.parse(created.body);
    expect(milestone).toMatchObject({ name: 'Beta', targetDate: '2027-03-01', description: 'First users', total: 0, completed: 0 });
    await member.client.post(listPath(), { name: 'Alpha', targetDate: '2027-01-15' });

    const done = project.statuses.find((s) => s.category === 'completed')!.id;
    const a = await createIssue(member, project.project.id, { milestoneId: milestone.id });
    await createIssue(member, project.project.id, { milestoneId: milestone.id });
    await createIssue(member, project.project.id, { milestoneId: milestone.id, statusId: done });
    expect(a.milestoneId).toBe(milestone.id);
    const list = milestonesResponseSchema.parse((await viewer.client.get(listPath())).body).milestones;
    expect(list.map((m) => [m.name, m.total, m.completed])).toEqual([
      ['Alpha', 0, 0],
      ['Beta', 3, 1],
    ]);
    const one = await viewer.client.get(`/api/milestones/${milestone.id}`);
    expect(one.body.milestone).toMatchObject({ total: 3, completed: 1 });
    expect((await outsider.client.get(`/api/milestones/${milestone.id}`)).status).toBe(404);
    const filtered = await viewer.client.get(`/api/issues?project=${project.project.id}&milestone=${milestone.id}`);
    expect(filtered.body.issues).toHaveLength(3);

    const patched = await owner.client.request('PATCH', `/api/milestones/${milestone.id}`, { json: { name: 'Public beta' } });
    expect(patched.body.milestone).toMatchObject({ name: 'Public beta', targetDate: '2027-03-01', total: 3 });
    expect((await owner.client.request('DELETE', `/api/milestones/${milestone.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/issues/${a.id}`)).body.issue.milestoneId).toBeNull();
    expect((await owner.client.request('DELETE', `/api/milestones/${milestone.id}`)).status).toBe(404);
  });

  it('refuse dates before 1900 or after 9999, empty names and another project’s milestone, writing nothing', async () => {
    const before = await count();
    for (const targetDate of ['1899-12-31', '10000-01-01', '2027-02-30', '']) {
      const res = await member.client.post(listPath(), { name: 'Bad', targetDate });
      expect(res.status).toBe(400);
    }
    const early = await member.client.post(listPath(), { name: 'Bad', targetDate: '1899-12-31' });
    expect(early.body.data.issues[0]).toMatchObject({ path: ['targetDate'], message: 'validation.dateRange' });
    expect((await member.client.post(listPath(), { name: '  ', targetDate: '2027-01-01' })).status).toBe(400);
    const foreign = (await outsider.client.post(`/api/projects/${other.project.id}/milestones`, { name: 'Theirs', targetDate: '2027-01-01' })).body.milestone.id as number;
    expect(await count()).toBe(before + 1);
    const issue = await createIssue(member, project.project.id);
    const bad = await member.client.request('PATCH', `/api/issues/${issue.id}`, { json: { milestoneId: foreign } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ path: ['milestoneId'], message: 'validation.unknownMilestone' });
    expect((await member.client.request('PATCH', `/api/milestones/${foreign}`, { json: { name: 'Mine' } })).status).toBe(404);
    expect((await member.client.request('PATCH', `/api/milestones/${foreign}`, { json: {} })).status).toBe(400);
  });

  it('reach the client store: in the bootstrap and, when they change, in the feed', async () => {
    const boot = syncBootstrapResponseSchema.parse((await viewer.client.get('/api/sync/bootstrap')).body);
    expect(boot.milestones.map((m) => m.name)).toContain('Alpha');
    expect(boot.milestones.every((m) => m.projectId === project.project.id)).toBe(true);
    await owner.client.request('PUT', `/api/projects/${project.project.id}/cycle-settings`, { json: { weeks: 2, startDay: 1 } });
    const made = await member.client.post(listPath(), { name: 'Gamma', targetDate: '2027-06-01' });
    const feed = syncChangesResponseSchema.parse((await viewer.client.get(`/api/sync/changes?since=${boot.syncId}`)).body);
    expect(feed.changes.filter((c) => c.entity === 'milestone').map((c) => c.id)).toEqual([made.body.milestone.id]);
    expect(feed.changes.filter((c) => c.entity === 'cycle')).toHaveLength(3);
    const theirs = syncChangesResponseSchema.parse((await outsider.client.get(`/api/sync/changes?since=${boot.syncId}`)).body);
    expect(theirs.changes.filter((c) => c.entity === 'milestone' || c.entity === 'cycle')).toEqual([]);
  });
});
