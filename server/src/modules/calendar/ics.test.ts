import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedResponseSchema, feedsResponseSchema } from '@tracker/shared/api/calendar';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { ICS_RATE_LIMIT } from './calendar.routes.ts';

let t: TestServer;
let owner: TestUser;
let other: TestUser;
let project: TestProject;
let shared: TestProject;

beforeAll(async () => {
  t = await createTestServer({ PUBLIC_URL: 'http://tracker.example.com' });
  owner = await createUser(t, { name: 'Owner' });
  other = await createUser(t, { name: 'Other' });
  project = await createProject(t, { ownerId: owner.id });
  shared = await createProject(t, { ownerId: other.id, members: [{ userId: owner.id, role: 'viewer' }] });
});
afterAll(() => t.close());

async function makeFeed(who: TestUser, scope: 'user' | 'project' | 'stream', scopeId: number | null = null) {
  const res = await who.client.post('/api/calendar/feeds', { scope, scopeId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return createFeedResponseSchema.parse(res.body);
}

/** Fetches a feed URL without any session, as a calendar app does. */
async function fetchIcs(url: string) {
  const path = new URL(url).pathname;
  return t.client().get(path);
}

function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate,
      url: String(v.getFirstPropertyValue('url')),
      description: e.description,
    };
  });
}

describe('ICS feeds', () => {
  it('serves a parseable calendar of the issues assigned to or watched by the owner', async () => {
    const assigned = await createIssue(t, project, { title: 'Ship it', startDate: '2026-03-02', dueDate: '2026-03-04', assigneeId: owner.id });
    const watched = await createIssue(t, shared, { title: 'Watch me', dueDate: '2026-03-10' });
    await t.sql('insert into issue_watchers (issue_id, user_id) values (?, ?)', [watched.id, owner.id]);
    await createIssue(t, project, { title: 'Not mine', dueDate: '2026-03-05', assigneeId: other.id });
    await createIssue(t, project, { title: 'No date', assigneeId: owner.id });

    const { feed, url } = await makeFeed(owner, 'user');
    expect(feed).toMatchObject({ scope: 'user', scopeId: null, revokedAt: null });
    expect(url).toMatch(/^http:\/\/tracker\.example\.com\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    const token = url.split('/ics/')[1]!.replace('.ics', '');
    const [stored] = await t.sql<{ token_hash: string }>('select token_hash from calendar_feeds where id = ?', [feed.id]);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token);

    const res = await fetchIcs(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const list = events(res.body as string).sort((a, b) => a.start.localeCompare(b.start));
    expect(list).toEqual([
      {
        uid: `issue-${assigned.id}@tracker.example.com`,
        summary: `${assigned.key} Ship it`,
        start: '2026-03-02',
        end: '2026-03-05',
        allDay: true,
        url: `http://tracker.example.com/issues/${assigned.key}`,
        description: 'Статус: Unstarted',
      },
      {
        uid: `issue-${watched.id}@tracker.example.com`,
        summary: `${watched.key} Watch me`,
        start: '2026-03-10',
        end: '2026-03-11',
        allDay: true,
        url: `http://tracker.example.com/issues/${watched.key}`,
        description: 'Статус: Unstarted',
      },
    ]);
  });

  it('serves project and stream feeds, never with issues the owner can no longer see', async () => {
    const a = await createIssue(t, shared, { title: 'Shared work', dueDate: '2026-06-01' });
    const stream = (await owner.client.post('/api/streams', { name: 'Cross' })).body.stream as { id: number };
    const inStream = await createIssue(t, project, { title: 'Stream mine', startDate: '2026-06-03', streamIds: [stream.id] });
    await createIssue(t, shared, { title: 'Stream shared', dueDate: '2026-06-05', streamIds: [stream.id] });

    const projectFeed = await makeFeed(owner, 'project', shared.id);
    const streamFeed = await makeFeed(owner, 'stream', stream.id);
    expect(events((await fetchIcs(projectFeed.url)).body).map((e) => e.uid)).toContain(`issue-${a.id}@tracker.example.com`);
    expect(events((await fetchIcs(streamFeed.url)).body).map((e) => e.summary).sort()).toEqual([`${inStream.key} Stream mine`, expect.stringMatching(/Stream shared$/)]);
    const single = events((await fetchIcs(streamFeed.url)).body).find((e) => e.summary.endsWith('Stream mine'));
    expect(single).toMatchObject({ start: '2026-06-03', end: '2026-06-04' });

    // Removed from the project: the same URLs keep working but show none of its issues.
    await t.sql('delete from project_members where project_id = ? and user_id = ?', [shared.id, owner.id]);
    const after = await fetchIcs(projectFeed.url);
    expect(after.status).toBe(200);
    expect(events(after.body)).toEqual([]);
    expect(events((await fetchIcs(streamFeed.url)).body).map((e) => e.summary)).toEqual([`${inStream.key} Stream mine`]);
  });

  it('checks the scope when a feed is made', async () => {
    const hidden = await createProject(t, { ownerId: other.id });
    expect((await owner.client.post('/api/calendar/feeds', { scope: 'project', scopeId: hidden.id })).status).toBe(404);
    expect((await owner.client.post('/api/calendar/feeds', { scope: 'stream', scopeId: 999_999 })).status).toBe(404);
    expect((await owner.client.post('/api/calendar/feeds', { scope: 'project', scopeId: null })).status).toBe(400);
    expect((await owner.client.post('/api/calendar/feeds', { scope: 'user', scopeId: 5 })).status).toBe(400);
    expect((await t.client().post('/api/calendar/feeds', { scope: 'user' })).status).toBe(401);
  });

  it('revokes: the URL gets 404; only the owner may revoke; unknown tokens get 404', async () => {
    const { feed, url } = await makeFeed(owner, 'user');
    expect((await fetchIcs(url)).status).toBe(200);
    expect(feedsResponseSchema.parse((await owner.client.get('/api/calendar/feeds')).body).feeds.map((f) => f.id)).toContain(feed.id);
    expect((await other.client.request('DELETE', `/api/calendar/feeds/${feed.id}`)).status).toBe(404);
    expect((await fetchIcs(url)).status).toBe(200);

    expect((await owner.client.request('DELETE', `/api/calendar/feeds/${feed.id}`)).status).toBe(204);
    expect((await fetchIcs(url)).status).toBe(404);
    expect((await t.sql('select revoked_at is not null as revoked from calendar_feeds where id = ?', [feed.id]))[0]).toEqual({ revoked: true });
    expect(feedsResponseSchema.parse((await owner.client.get('/api/calendar/feeds')).body).feeds.map((f) => f.id)).not.toContain(feed.id);

    expect((await t.client().get(`/ics/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.client().get('/ics/short.ics')).status).toBe(404);
  });

  it('a feed made with an API token dies with the token: revoked or expired', async () => {
    const feedBy = async (token: string) => {
      const res = await fetch(`${t.url}/api/calendar/feeds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ scope: 'user', scopeId: null }),
      });
      expect(res.status).toBe(201);
      return createFeedResponseSchema.parse(await res.json());
    };
    const listed = async () => feedsResponseSchema.parse((await owner.client.get('/api/calendar/feeds')).body).feeds.map((f) => f.id);
    const revoked = (await owner.client.post('/api/tokens', { name: 'calendar', scope: 'write' })).body;
    const expiring = (await owner.client.post('/api/tokens', { name: 'calendar 2', scope: 'write' })).body;
    const [one, two] = [await feedBy(revoked.token), await feedBy(expiring.token)];
    const bySession = await makeFeed(owner, 'user');
    for (const { url } of [one, two, bySession]) expect((await fetchIcs(url)).status).toBe(200);

    expect((await owner.client.request('DELETE', `/api/tokens/${revoked.id}`)).status).toBe(204);
    await t.sql(`update api_tokens set expires_at = now() - interval '1 second' where id = ?`, [expiring.id]);
    expect([(await fetchIcs(one.url)).status, (await fetchIcs(two.url)).status, (await fetchIcs(bySession.url)).status]).toEqual([404, 404, 200]);
    expect(await listed()).not.toContain(one.feed.id);
    expect(await listed()).not.toContain(two.feed.id);
    expect(await listed()).toContain(bySession.feed.id);
  });

  it('a blocked owner’s feeds stop, and stay stopped after unblocking', async () => {
    const blocked = await createUser(t);
    const admin = await createUser(t, { admin: true });
    const { url } = await makeFeed(blocked, 'user');
    expect((await fetchIcs(url)).status).toBe(200);
    expect((await admin.client.request('PATCH', `/api/admin/users/${blocked.id}`, { json: { blocked: true } })).status).toBe(200);
    expect((await fetchIcs(url)).status).toBe(404);
    expect((await admin.client.request('PATCH', `/api/admin/users/${blocked.id}`, { json: { blocked: false } })).status).toBe(200);
    expect((await fetchIcs(url)).status).toBe(404);
  });

  it('rate-limits one token from one address', async () => {
    const { url } = await makeFeed(owner, 'user');
    for (let i = 0; i < ICS_RATE_LIMIT.max; i += 1) expect((await fetchIcs(url)).status).toBe(200);
    const res = await fetchIcs(url);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    const { url: another } = await makeFeed(owner, 'user');
    expect((await fetchIcs(another)).status).toBe(200);
  });
});
