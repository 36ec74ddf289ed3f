import { timelineResponseSchema } from '@tracker/shared/api/timeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestIssue, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let me: TestUser;
let other: TestUser;
let admin: TestUser;
let ids: Record<string, TestIssue>;
let mineId: number;
let sharedId: number;

beforeAll(async () => {
  t = await createTestServer();
  me = await createUser(t, { name: 'Me' });
  other = await createUser(t, { name: 'Other' });
  admin = await createUser(t, { name: 'Admin', admin: true });
  const mine = await createProject(t, { ownerId: me.id });
  const shared = await createProject(t, { ownerId: other.id, members: [{ userId: me.id, role: 'viewer' }] });
  const secret = await createProject(t, { ownerId: other.id });
  mineId = mine.id;
  sharedId = shared.id;
  ids = {
    design: await createIssue(t, mine, { title: 'design', startDate: '2026-03-01', dueDate: '2026-03-05' }),
    build: await createIssue(t, mine, { title: 'build', startDate: '2026-03-06', dueDate: '2026-03-10' }),
    undated: await createIssue(t, mine, { title: 'undated' }),
    release: await createIssue(t, mine, { title: 'release', dueDate: '2026-03-20' }),
    later: await createIssue(t, mine, { title: 'later', startDate: '2026-05-01', dueDate: '2026-05-03' }),
    latest: await createIssue(t, mine, { title: 'latest', dueDate: '2026-05-10' }),
    vendor: await createIssue(t, shared, { title: 'vendor', dueDate: '2026-03-04' }),
    hidden: await createIssue(t, secret, { title: 'hidden', startDate: '2026-03-07' }),
  };
  const relate = async (from: string, type: string, to: string, who = me) => {
    const res = await who.client.post(`/api/issues/${ids[from]!.key}/relations`, { type, issue: ids[to]!.key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await relate('design', 'blocks', 'build');
  await relate('undated', 'blocks', 'release');
  await relate('later', 'blocks', 'latest');
  await relate('design', 'relates', 'release');
  await relate('build', 'blocked_by', 'vendor');
  await relate('hidden', 'blocks', 'vendor', other);
});
afterAll(() => t.close());

const pairs = async (query: string, who = me) => {
  const res = await who.client.get(`/api/timeline?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const names = Object.fromEntries(Object.entries(ids).map(([name, issue]) => [issue.id, name]));
  return timelineResponseSchema.parse(res.body).relations.map((r) => `${names[r.blockerId]}→${names[r.blockedId]}`);
};

describe('GET /api/timeline', () => {
  it('answers the "blocks" pairs the viewer sees both ends of, one end dated in the range', async () => {
    // "undated → release": one end in the range is enough; "later → latest" is outside it; "relates" is no arrow.
    expect(await pairs('from=2026-03-01&to=2026-03-31')).toEqual(['design→build', 'undated→release', 'vendor→build']);
    expect(await pairs('from=2026-05-01&to=2026-05-31')).toEqual(['later→latest']);
    expect(await pairs('from=2026-04-01&to=2026-04-30')).toEqual([]);
  });

  it('keeps to one rule of visibility: a relation into a project the viewer cannot see is left out', async () => {
    expect(await pairs('from=2026-03-01&to=2026-03-31', other)).toEqual(['hidden→vendor']);
    expect(await pairs('from=2026-03-01&to=2026-03-31', admin)).toEqual(['design→build', 'undated→release', 'vendor→build', 'hidden→vendor']);
  });

  it('filters by project: a pair with either end in it', async () => {
    expect(await pairs(`from=2026-03-01&to=2026-03-31&project=${mineId}`)).toEqual(['design→build', 'undated→release', 'vendor→build']);
    expect(await pairs(`from=2026-03-01&to=2026-03-31&project=${sharedId}`)).toEqual(['vendor→build']);
  });

  it('validates the range and needs a session', async () => {
    const bad = async (query: string, message: string) => {
      const res = await me.client.get(`/api/timeline?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.data.issues).toContainEqual(expect.objectContaining({ message }));
    };
    await bad('from=2026-03-31&to=2026-03-01', 'validation.dueBeforeStart');
    await bad('from=2026-01-01&to=2027-12-31', 'validation.rangeTooLong');
    await bad('from=2026-02-30&to=2026-03-01', 'validation.date');
    await bad('from=2026-03-01&to=2026-03-31&project=0', 'validation.min');
    expect((await t.client().get('/api/timeline?from=2026-03-01&to=2026-03-31')).status).toBe(401);
  });
});
