import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamFeedResponseSchema, streamsResponseSchema } from '@tracker/shared/api/streams';
import { addDays, todayIn } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { createIssue, createProject, createUser, type TestUser } from '../../test/fixtures.ts';
import { countQueries, createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let lead: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  lead = await createUser(t, { name: 'Lead' });
  outsider = await createUser(t, { name: 'Outsider' });
});
afterAll(() => t.close());

// Days counted back from the users' today: they have no zone of their own, so the default one's
// (near midnight UTC's day is another, and "due today" would be overdue).
const dateDaysAgo = (days: number) => addDays(todayIn(DEFAULT_TIME_ZONE), -days);
const isoDaysAgo = (days: number, hour = 12) => `${dateDaysAgo(days)}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describe('stream feed', () => {
  it('interleaves posts with issue events and overdue issues, newest first, only about visible issues', async () => {
    const stream = (await lead.client.post('/api/streams', { name: 'Feed' })).body.stream as { id: number };
    const open = await createProject(t, { ownerId: lead.id, visibility: 'all' });
    const secret = await createProject(t, { ownerId: lead.id });
    const added = await createIssue(t, open, { title: 'Added one', streamIds: [stream.id] });
    const done = await createIssue(t, open, { title: 'Done one', streamIds: [stream.id], category: 'completed', dueDate: dateDaysAgo(9) });
    const late = await createIssue(t, open, { title: 'Late one', streamIds: [stream.id], dueDate: dateDaysAgo(3) });
    await createIssue(t, open, { title: 'Late but canceled', streamIds: [stream.id], category: 'canceled', dueDate: dateDaysAgo(3) });
    await createIssue(t, open, { title: 'Due today', streamIds: [stream.id], dueDate: dateDaysAgo(0) });
    const hidden = await createIssue(t, secret, { title: 'Secret', streamIds: [stream.id], dueDate: dateDaysAgo(2) });

    const activity = (issueId: number, action: string, at: string) =>
      t.sql(`insert into activities (issue_id, stream_id, project_id, actor_id, action, created_at) values (?, ?, ?, ?, ?, ?)`, [issueId, stream.id, open.id, lead.id, action, at]);
    await activity(added.id, 'stream.issue_added', isoDaysAgo(6));
    await activity(done.id, 'stream.issue_completed', isoDaysAgo(4));
    await activity(hidden.id, 'stream.issue_added', isoDaysAgo(1));
    await activity(added.id, 'issue.updated', isoDaysAgo(1));
    const post = (body: string, at: string) =>
      t.sql(`insert into stream_updates (stream_id, author_id, body, health, created_at) values (?, ?, ?, 'on_track', ?) returning id`, [stream.id, lead.id, body, at]);
    await post('first post', isoDaysAgo(5));
    await post('latest post', isoDaysAgo(0, 1));

    const summary = (items: ReturnType<typeof streamFeedResponseSchema.parse>['items']) =>
      items.map((i) => (i.kind === 'update' ? `update:${i.body}` : `${i.event}:${i.issue.title}`));

    const forOutsider = streamFeedResponseSchema.parse((await outsider.client.get(`/api/streams/${stream.id}/feed`)).body).items;
    expect(summary(forOutsider)).toEqual([
      'update:latest post',
      'issue_overdue:Late one',
      'issue_completed:Done one',
      'update:first post',
      'issue_added:Added one',
    ]);
    const overdue = forOutsider[1]!;
    expect(overdue).toMatchObject({ kind: 'event', createdAt: `${dateDaysAgo(3)}T00:00:00.000Z`, issue: { id: late.id, key: late.key }, actor: null });
    expect(forOutsider[2]).toMatchObject({ actor: { id: lead.id, name: 'Lead' }, issue: { key: done.key } });
    expect(forOutsider[0]).toMatchObject({ bodyHtml: '<p>latest post</p>\n', author: { id: lead.id } });

    const forLead = summary(streamFeedResponseSchema.parse((await lead.client.get(`/api/streams/${stream.id}/feed`)).body).items);
    expect(forLead).toEqual([
      'update:latest post',
      'issue_added:Secret',
      'issue_overdue:Secret',
      'issue_overdue:Late one',
      'issue_completed:Done one',
      'update:first post',
      'issue_added:Added one',
    ]);
    expect(summary(streamFeedResponseSchema.parse((await lead.client.get(`/api/streams/${stream.id}/feed?limit=2`)).body).items)).toEqual(forLead.slice(0, 2));
    expect((await lead.client.get(`/api/streams/${stream.id}/feed?limit=0`)).status).toBe(400);
    expect((await lead.client.get('/api/streams/999999/feed')).status).toBe(404);
  });
});

describe('no N+1', () => {
  it('lists streams with the same number of queries whatever their count', async () => {
    const measure = () => countQueries(t, async () => streamsResponseSchema.parse((await lead.client.get('/api/streams')).body));
    const few = await measure();
    const project = await createProject(t, { ownerId: lead.id });
    for (let i = 0; i < 5; i += 1) {
      const s = (await lead.client.post('/api/streams', { name: `S${i}`, memberIds: [outsider.id] })).body.stream as { id: number };
      await createIssue(t, project, { streamIds: [s.id] });
      await lead.client.post(`/api/streams/${s.id}/updates`, { body: 'x', health: 'on_track' });
    }
    expect(await measure()).toBe(few);
  });
});
