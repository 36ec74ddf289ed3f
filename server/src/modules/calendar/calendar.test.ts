import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarResponseSchema } from '@tracker/shared/api/calendar';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { countQueries, createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let me: TestUser;
let other: TestUser;
let mine: TestProject;
let secret: TestProject;
let streamId: number;

beforeAll(async () => {
  t = await createTestServer();
  me = await createUser(t, { name: 'Me' });
  other = await createUser(t, { name: 'Other' });
  mine = await createProject(t, { ownerId: me.id });
  secret = await createProject(t, { ownerId: other.id });
  streamId = (await me.client.post('/api/streams', { name: 'Cal' })).body.stream.id;
  await createIssue(t, mine, { title: 'due in range', dueDate: '2026-03-10', assigneeId: me.id, streamIds: [streamId], estimate: 2.5 });
  await createIssue(t, mine, { title: 'span across start', startDate: '2026-02-20', dueDate: '2026-03-02' });
  await createIssue(t, mine, { title: 'span covering range', startDate: '2026-02-01', dueDate: '2026-04-30', assigneeId: other.id });
  await createIssue(t, mine, { title: 'start only', startDate: '2026-03-31' });
  await createIssue(t, mine, { title: 'before range', dueDate: '2026-02-28' });
  await createIssue(t, mine, { title: 'after range', startDate: '2026-04-01', dueDate: '2026-04-03' });
  await createIssue(t, mine, { title: 'no dates' });
  await createIssue(t, secret, { title: 'invisible', dueDate: '2026-03-15', assigneeId: me.id });
});
afterAll(() => t.close());

const titles = async (query: string, who = me) => {
  const res = await who.client.get(`/api/calendar?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return calendarResponseSchema.parse(res.body).issues.map((i) => i.title);
};

describe('GET /api/calendar', () => {
  it('places visible issues whose start→due span meets the range', async () => {
    expect(await titles('from=2026-03-01&to=2026-03-31')).toEqual(['span covering range', 'span across start', 'due in range', 'start only']);
  });

  it('returns the issue list item shape', async () => {
    const res = await me.client.get('/api/calendar?from=2026-03-10&to=2026-03-10');
    const [issue] = calendarResponseSchema.parse(res.body).issues.filter((i) => i.title === 'due in range');
    expect(issue).toMatchObject({
      key: `${mine.key}-1`,
      projectId: mine.id,
      number: 1,
      priority: 'none',
      assignee: { id: me.id, name: 'Me' },
      labelIds: [],
      streamIds: [streamId],
      startDate: null,
      dueDate: '2026-03-10',
      estimate: 2.5,
      commentCount: 0,
      completedAt: null,
    });
  });

  it('filters by mine, project and stream', async () => {
    expect(await titles('from=2026-03-01&to=2026-03-31&mine=1')).toEqual(['due in range']);
    expect(await titles(`from=2026-03-01&to=2026-03-31&stream=${streamId}`)).toEqual(['due in range']);
    expect(await titles(`from=2026-03-01&to=2026-03-31&project=${mine.id}`)).toHaveLength(4);
    expect(await titles(`from=2026-03-01&to=2026-03-31&project=${secret.id}`)).toEqual([]);
    expect(await titles(`from=2026-03-01&to=2026-03-31`, other)).toEqual(['invisible']);
  });

  it('validates the range', async () => {
    const bad = async (query: string, message: string) => {
      const res = await me.client.get(`/api/calendar?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.data.issues).toContainEqual(expect.objectContaining({ message }));
    };
    await bad('from=2026-03-31&to=2026-03-01', 'validation.dueBeforeStart');
    await bad('from=2026-01-01&to=2027-12-31', 'validation.rangeTooLong');
    await bad('from=2026-02-30&to=2026-03-01', 'validation.date');
    expect((await t.client().get('/api/calendar?from=2026-03-01&to=2026-03-31')).status).toBe(401);
  });

  it('runs the same number of queries whatever the number of issues', async () => {
    const empty = await countQueries(t, () => me.client.get('/api/calendar?from=2026-05-01&to=2026-05-31'));
    for (let d = 1; d <= 6; d += 1) await createIssue(t, mine, { dueDate: `2026-05-0${d}`, streamIds: [streamId] });
    let found: unknown[] = [];
    const full = await countQueries(t, async () => (found = await titles('from=2026-05-01&to=2026-05-31')));
    expect(found).toHaveLength(6);
    expect(full).toBe(empty);
  });
});
