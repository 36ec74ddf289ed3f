// Live streams end with the access they opened with (issue 25): blocking, signing out, a password
// change or reset and revoking a token close the person's open `/api/sync/stream` and `/api/events`
// within a second, and a stream checks its credential again before each event it sends.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PASSWORD_RESET_TTL_SEC } from '@tracker/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestClient, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { publishEvent } from '../events/publish.ts';
import { issueToken } from '../users/tokens.ts';

let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true });
});
afterAll(() => t?.close());

const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

interface OpenStream {
  text: () => string;
  ended: () => boolean;
  close: () => void;
}

/** Opens a stream (by session cookie or token) and reads it until the server ends it. */
async function open(path: string, headers: Record<string, string>): Promise<OpenStream> {
  const stop = new AbortController();
  const res = await fetch(t.url + path, { headers, signal: stop.signal });
  expect(res.status).toBe(200);
  let text = '';
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
      ended = true;
    } catch {
      // aborted by the test
    }
  })();
  // Sent once the stream listens: anything after it is heard.
  await waitUntil('the stream to open', () => text.includes(': connected'));
  return { text: () => text, ended: () => ended, close: () => stop.abort() };
}

const since = async (client: TestClient) => Number((await client.get('/api/sync/bootstrap')).body.syncId);
const syncStream = async (user: TestUser, headers: Record<string, string> = { cookie: cookieOf(user.client) }) => open(`/api/sync/stream?since=${await since(user.client)}`, headers);
const eventStream = (headers: Record<string, string>) => open('/api/events', headers);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(user: TestUser): Promise<{ id: number; token: string }> {
  const res = await user.client.post('/api/tokens', { name: 'stream', scope: 'read' });
  expect(res.status).toBe(201);
  return { id: res.body.id, token: res.body.token };
}

/** "Within a second": the stream must have ended by then. */
const endsWithinASecond = (what: string, stream: OpenStream) => waitUntil(what, () => stream.ended(), { timeout: 1000, interval: 20 });

describe('live streams end with access', () => {
  let user: TestUser;
  let project: TestProject;
  beforeAll(async () => {
    user = await createUser(t);
    project = await createProject(t, { ownerId: user.id });
  });

  it('signing out ends that session’s streams, not the other session’s', async () => {
    const other = t.client();
    expect((await other.post('/api/auth/login', { email: user.email, password: 'correct horse' })).status).toBe(200);
    const [sync, events, otherSync] = await Promise.all([syncStream(user), eventStream({ cookie: cookieOf(user.client) }), open(`/api/sync/stream?since=${await since(other)}`, { cookie: cookieOf(other) })]);
    expect((await user.client.post('/api/auth/logout')).status).toBe(204);
    await endsWithinASecond('the signed-out sync stream to end', sync);
    await endsWithinASecond('the signed-out event stream to end', events);
    // The other browser's stream goes on and still gets changes.
    const issue = await createIssue(t, project, { title: 'after sign-out' });
    await waitUntil('the change on the other stream', () => otherSync.text().includes(`"id":${issue.id}`));
    expect(otherSync.ended()).toBe(false);
    otherSync.close();
    expect((await user.client.post('/api/auth/login', { email: user.email, password: 'correct horse' })).status).toBe(200);
  });

  it('revoking a token ends its streams; the owner’s session streams go on', async () => {
    const { id, token } = await makeToken(user);
    const [sync, events, session] = await Promise.all([syncStream(user, bearer(token)), eventStream(bearer(token)), eventStream({ cookie: cookieOf(user.client) })]);
    expect((await user.client.request('DELETE', `/api/tokens/${id}`)).status).toBe(204);
    await endsWithinASecond('the token’s sync stream to end', sync);
    await endsWithinASecond('the token’s event stream to end', events);
    expect(session.ended()).toBe(false);
    session.close();
  });

  it('changing the password ends the other sessions’ streams, and keeps this one’s', async () => {
    const other = t.client();
    expect((await other.post('/api/auth/login', { email: user.email, password: 'correct horse' })).status).toBe(200);
    const [mine, theirs] = await Promise.all([eventStream({ cookie: cookieOf(user.client) }), eventStream({ cookie: cookieOf(other) })]);
    const changed = await user.client.post(`/api/user/change-password/${user.id}`, { currentPassword: 'correct horse', password: 'a new horse 1' });
    expect(changed.status).toBe(204);
    await endsWithinASecond('the other session’s stream to end', theirs);
    expect(mine.ended()).toBe(false);
    mine.close();
  });

  it('a password reset ends every session’s and token’s streams, and the tokens for good', async () => {
    const reset = await createUser(t);
    const { token } = await makeToken(reset);
    const [bySession, byToken] = await Promise.all([syncStream(reset), eventStream(bearer(token))]);
    const link = await issueToken(t.orm.em.fork() as unknown as EntityManager, reset.id, 'password_reset', PASSWORD_RESET_TTL_SEC);
    const done = await t.client().post('/api/auth/reset-password', { token: link, password: 'reset horse 42' });
    expect(done.status).toBe(200);
    await endsWithinASecond('the session’s stream to end', bySession);
    await endsWithinASecond('the token’s stream to end', byToken);
    const refused = await fetch(`${t.url}/api/user/me`, { headers: bearer(token) });
    expect([refused.status, ((await refused.json()) as { data: { code: string } }).data.code]).toEqual([401, 'token_invalid']);
  });

  it('blocking ends every stream of the user; unblocking revives no token', async () => {
    const blocked = await createUser(t);
    const { token } = await makeToken(blocked);
    const [sync, events, byToken] = await Promise.all([syncStream(blocked), eventStream({ cookie: cookieOf(blocked.client) }), syncStream(blocked, bearer(token))]);
    expect((await admin.client.request('PATCH', `/api/admin/users/${blocked.id}`, { json: { blocked: true } })).status).toBe(200);
    await endsWithinASecond('the sync stream to end', sync);
    await endsWithinASecond('the event stream to end', events);
    await endsWithinASecond('the token’s stream to end', byToken);

    expect((await admin.client.request('PATCH', `/api/admin/users/${blocked.id}`, { json: { blocked: false } })).status).toBe(200);
    const after = await fetch(`${t.url}/api/user/me`, { headers: bearer(token) });
    expect(after.status).toBe(401);
    expect((await blocked.client.get('/api/user/me')).status).toBe(401);
  });
});

describe('each event is checked when it is sent', () => {
  it('sends nothing once the credential has lapsed, even unannounced, and ends the stream', async () => {
    const user = await createUser(t);
    const project = await createProject(t, { ownerId: user.id });
    const [sync, events] = await Promise.all([syncStream(user), eventStream({ cookie: cookieOf(user.client) })]);
    // An expiry is not an event anyone announces: no notification, only the check before sending.
    await t.sql(`update sessions set expires_at = now() - interval '1 second' where user_id = ?`, [user.id]);
    const issue = await createIssue(t, project, { title: 'not for an expired session' });
    await publishEvent(t.orm.em.fork() as unknown as EntityManager, { type: 'issue.updated', issueId: issue.id, projectId: project.id, streamIds: [], actorId: null });
    await waitUntil('both streams to end', () => sync.ended() && events.ended());
    expect(sync.text()).not.toContain('not for an expired session');
    expect(events.text()).not.toContain(`"issueId":${issue.id}`);
  });

  it('sends a live event only while its project is visible: no grace period after leaving it', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const project = await createProject(t, { ownerId: owner.id, members: [{ userId: member.id, role: 'member' }] });
    const events = await eventStream({ cookie: cookieOf(member.client) });
    const publish = (issueId: number) => publishEvent(t.orm.em.fork() as unknown as EntityManager, { type: 'issue.updated', issueId, projectId: project.id, streamIds: [], actorId: null });
    await publish(1001);
    await waitUntil('the event while a member', () => events.text().includes('"issueId":1001'));
    await t.sql('delete from project_members where project_id = ? and user_id = ?', [project.id, member.id]);
    await publish(1002);
    await publish(1003);
    // A later event of a project the member still sees shows the earlier ones were judged.
    const mine = await createProject(t, { ownerId: member.id });
    await publishEvent(t.orm.em.fork() as unknown as EntityManager, { type: 'issue.updated', issueId: 1004, projectId: mine.id, streamIds: [], actorId: null });
    await waitUntil('the event of their own project', () => events.text().includes('"issueId":1004'));
    expect(events.text()).not.toContain('"issueId":1002');
    expect(events.text()).not.toContain('"issueId":1003');
    events.close();
  });
});
