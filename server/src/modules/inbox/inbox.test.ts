// The inbox over HTTP: a teammate's assignment and mention reach it through the same activity jobs
// as the bot's notifications (issue 15, item 6), without a Telegram link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@tracker/shared/api/events';
import type { InboxItem } from '@tracker/shared/api/inbox';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let me: TestUser;
let mate: TestUser;
let stranger: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

const handle = (u: TestUser) => u.email.split('@')[0];
const inbox = async (u: TestUser, query = '') => {
  const res = await u.client.get(`/api/inbox${query}`);
  expect(res.status).toBe(200);
  return res.body as { items: InboxItem[]; nextCursor: string | null; unread: number };
};
/** Waits until the user's unread inbox holds an item on `issueId` of `kind`. */
const arrived = (u: TestUser, issueId: number, kind: InboxItem['kind']): Promise<InboxItem> =>
  waitUntil(`${kind} on issue ${issueId} in the inbox`, async () => (await inbox(u, '?filter=all&limit=100')).items.find((i) => i.issue.id === issueId && i.kind === kind)).then((i) => i!);

/** The live events a user's `/api/events` stream carries, from when it is connected. */
async function listen(u: TestUser) {
  const controller = new AbortController();
  const cookie = [...u.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${t.url}/api/events`, { headers: { cookie }, signal: controller.signal });
  const events: LiveEvent[] = [];
  let connected = () => {};
  const ready = new Promise<void>((r) => (connected = r));
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(': connected')) connected();
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted
    }
  })();
  await ready;
  return { events, close: () => controller.abort() };
}

beforeAll(async () => {
  t = await createTestServer();
  me = await signUp(t, { name: 'Anna Smirnova', locale: 'en' });
  mate = await signUp(t, { name: 'Boris Petrov' });
  stranger = await signUp(t, { name: 'Stranger' });
  project = await createProject(mate, { name: 'Inbox project' });
  await addMember(mate, project.project.id, me, 'member');
});
afterAll(() => t?.close());

describe('GET /api/inbox', () => {
  it('shows a teammate assigning me an issue and mentioning me in a comment; the actor gets nothing', async () => {
    const issue = await createIssue(mate, project.project.id, { title: 'Renew the certificate' });
    expect((await mate.client.request('PATCH', `/api/issues/${issue.id}`, { json: { assigneeId: me.id } })).status).toBe(200);
    expect((await mate.client.post(`/api/issues/${issue.id}/comments`, { body: `@${handle(me)} please look` })).status).toBe(201);

    const assigned = await arrived(me, issue.id, 'assigned');
    const mentioned = await arrived(me, issue.id, 'mentioned');
    expect(assigned).toMatchObject({ readAt: null, actor: { id: mate.id, name: 'Boris Petrov' }, issue: { key: issue.key, title: 'Renew the certificate', projectKey: project.project.key } });
    expect(assigned.issue.status).toMatchObject({ name: expect.any(String), color: expect.stringMatching(/^#/), category: expect.any(String) });
    expect(mentioned.data.excerpt).toBe(`@${handle(me)} please look`);
    const page = await inbox(me);
    expect(page.unread).toBeGreaterThanOrEqual(2);
    // A mention is told once, not also as a comment on an issue I now watch.
    expect(page.items.filter((i) => i.issue.id === issue.id).map((i) => i.kind).sort()).toEqual(['assigned', 'mentioned']);
    expect((await inbox(mate, '?filter=all')).items.filter((i) => i.issue.id === issue.id)).toEqual([]);
    expect((await me.client.get('/api/inbox/unread')).body).toEqual({ unread: page.unread });
  });

  it('tells watchers of comments and status changes', async () => {
    const issue = await createIssue(me, project.project.id, { title: 'Watched by me' });
    const done = project.statuses.find((s) => s.category === 'completed')!;
    await mate.client.post(`/api/issues/${issue.id}/comments`, { body: 'Started on it' });
    await mate.client.request('PATCH', `/api/issues/${issue.id}`, { json: { statusId: done.id } });
    expect((await arrived(me, issue.id, 'commented')).data.excerpt).toBe('Started on it');
    expect((await arrived(me, issue.id, 'statusChanged')).data.to).toBe(done.name);
  });

  it('tells the assignee once of an issue due tomorrow', async () => {
    const [d] = await t.sql<{ tomorrow: string }>(`select to_char((now() at time zone 'Europe/Moscow')::date + 1, 'YYYY-MM-DD') as tomorrow`);
    const issue = await createIssue(me, project.project.id, { title: 'Due soon', assigneeId: me.id, dueDate: d!.tomorrow });
    const { notifications } = t.app.services;
    expect(await notifications.onDueScan(t.orm.em.fork() as never)).toBeGreaterThanOrEqual(1);
    expect(await notifications.onDueScan(t.orm.em.fork() as never)).toBe(0);
    const items = (await inbox(me, '?limit=100')).items.filter((i) => i.issue.id === issue.id);
    expect(items).toMatchObject([{ kind: 'dueTomorrow', actor: null, data: { dueDate: d!.tomorrow } }]);
  });

  it('pages by cursor, newest first', async () => {
    const issue = await createIssue(mate, project.project.id, { title: 'Many changes', assigneeId: me.id });
    await arrived(me, issue.id, 'assigned');
    for (const body of ['one', 'two', 'three']) await mate.client.post(`/api/issues/${issue.id}/comments`, { body: `@${handle(me)} ${body}` });
    await waitUntil('three mentions', async () => (await inbox(me, '?filter=all&limit=100')).items.filter((i) => i.issue.id === issue.id && i.kind === 'mentioned').length === 3);
    const all = (await inbox(me, '?filter=all&limit=100')).items;
    const first = await inbox(me, '?filter=all&limit=2');
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 2).map((i) => i.id));
    expect(first.nextCursor).toBe(String(all[1]!.id));
    const second = await inbox(me, `?filter=all&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.id)).toEqual(all.slice(2, 4).map((i) => i.id));
    const last = await inbox(me, `?filter=all&limit=100&cursor=${all.at(-2)!.id}`);
    expect(last).toMatchObject({ items: [{ id: all.at(-1)!.id }], nextCursor: null });
  });

  it('refuses bad input with a 400 and a message in the user\'s language', async () => {
    for (const query of ['?filter=nope', '?limit=0', '?limit=1000', '?cursor=abc', '?cursor=99999999999', '?cursor=-1']) {
      const res = await me.client.get(`/api/inbox${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.statusMessage, query).toEqual(expect.any(String));
    }
    const item = (await inbox(me, '?filter=all')).items[0]!;
    for (const json of [{}, { read: 'yes' }, { snoozedUntil: 'tomorrow' }, { archived: true, extra: 1 }]) {
      const res = await me.client.request('PATCH', `/api/inbox/${item.id}`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await me.client.request('PATCH', '/api/inbox/abc', { json: { read: true } })).status).toBe(400);
    const ru = await mate.client.get('/api/inbox?filter=nope');
    expect(ru.status).toBe(400);
    expect(ru.body.statusMessage).toMatch(/[А-Яа-яЁё]/);
  });
});

describe('live unread count', () => {
  it('tells only the owner, on delivery and on their own changes', async () => {
    const mine = await listen(me);
    const theirs = await listen(mate);
    try {
      const issue = await createIssue(mate, project.project.id, { title: 'Live count', assigneeId: me.id });
      const item = await arrived(me, issue.id, 'assigned');
      const unread = (await inbox(me)).unread;
      await waitUntil('inbox.changed', () => mine.events.some((e) => e.type === 'inbox.changed' && e.unread === unread));
      await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { read: true } });
      await waitUntil('inbox.changed after reading', () => mine.events.some((e) => e.type === 'inbox.changed' && e.unread === unread - 1));
      expect(mine.events.filter((e) => e.type === 'inbox.changed').every((e) => e.userId === me.id)).toBe(true);
      expect(theirs.events.filter((e) => e.type === 'inbox.changed')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe('changing items', () => {
  it('reads, unreads, archives; another user cannot touch my item', async () => {
    const issue = await createIssue(mate, project.project.id, { title: 'Read me', assigneeId: me.id });
    const item = await arrived(me, issue.id, 'assigned');
    const read = await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.item.readAt).toEqual(expect.any(String));
    expect((await inbox(me)).items.map((i) => i.id)).not.toContain(item.id);
    expect((await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { read: false } })).body.item.readAt).toBeNull();

    for (const other of [stranger, mate]) {
      const res = await other.client.request('PATCH', `/api/inbox/${item.id}`, { json: { read: true } });
      expect(res.status).toBe(404);
      expect(res.body.statusMessage).toEqual(expect.any(String));
    }
    expect((await me.client.request('PATCH', '/api/inbox/2147483647', { json: { read: true } })).status).toBe(404);

    expect((await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { archived: true } })).status).toBe(200);
    expect((await inbox(me, '?filter=all&limit=100')).items.map((i) => i.id)).not.toContain(item.id);
    expect((await inbox(me, '?filter=archived&limit=100')).items.map((i) => i.id)).toContain(item.id);
  });

  it('hides a snoozed item until its time', async () => {
    const issue = await createIssue(mate, project.project.id, { title: 'Later', assigneeId: me.id });
    const item = await arrived(me, issue.id, 'assigned');
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const res = await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { snoozedUntil: until } });
    expect(res.status).toBe(200);
    expect(res.body.item.snoozedUntil).toBe(until);
    expect((await inbox(me, '?filter=all&limit=100')).items.map((i) => i.id)).not.toContain(item.id);
    // The time passes.
    await t.sql(`update inbox_items set snoozed_until = now() - interval '1 second' where id = ?`, [item.id]);
    expect((await inbox(me, '?limit=100')).items.map((i) => i.id)).toContain(item.id);
  });

  it('marks all read', async () => {
    const issue = await createIssue(mate, project.project.id, { title: 'All read', assigneeId: me.id });
    await arrived(me, issue.id, 'assigned');
    expect((await inbox(me)).unread).toBeGreaterThan(0);
    const res = await me.client.post('/api/inbox/read-all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unread: 0 });
    expect(await inbox(me)).toMatchObject({ items: [], unread: 0 });
  });

  it('never returns an item whose project I can no longer see', async () => {
    const other = await createProject(mate, { name: 'Soon hidden' });
    await addMember(mate, other.project.id, me, 'member');
    const issue = await createIssue(mate, other.project.id, { title: 'Secret', assigneeId: me.id });
    const item = await arrived(me, issue.id, 'assigned');
    expect((await mate.client.request('DELETE', `/api/projects/${other.project.id}/members/${me.id}`)).status).toBe(200);
    expect((await inbox(me, '?filter=all&limit=100')).items.map((i) => i.id)).not.toContain(item.id);
    expect((await me.client.request('PATCH', `/api/inbox/${item.id}`, { json: { read: true } })).status).toBe(404);
    const unread = (await me.client.get('/api/inbox/unread')).body.unread;
    expect(unread).toBe((await inbox(me, '?limit=100')).items.length);
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/inbox')).status).toBe(401);
    expect((await t.client().post('/api/inbox/read-all')).status).toBe(401);
  });
});
