import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveEvent } from '@tracker/shared/api/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { publishEvent } from './publish.ts';
import { waitUntil } from '../../test/wait-until.ts';

let t: TestServer;
let memberCookie: string;
let outsiderCookie: string;
let openProject: number;
let privateProject: number;

async function register(): Promise<{ cookie: string; id: number }> {
  const c = t.client();
  const res = await c.post('/api/auth/register', { email: uniqueEmail('sse'), password: 'pass-word-1', name: 'S' });
  return { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), id: res.body.user.id };
}

beforeAll(async () => {
  t = await createTestServer();
  const member = await register();
  const outsider = await register();
  memberCookie = member.cookie;
  outsiderCookie = outsider.cookie;
  const [priv] = await t.sql<{ id: number }>(`insert into projects (key, name, visibility) values ('PRIV', 'Private', 'members') returning id`);
  const [open] = await t.sql<{ id: number }>(`insert into projects (key, name, visibility) values ('OPEN', 'Open', 'all') returning id`);
  privateProject = priv!.id;
  openProject = open!.id;
  await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'member')`, [privateProject, member.id]);
});
afterAll(() => t.close());

/** Reads server-sent events from a real HTTP stream. */
async function listen(cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${t.url}/api/events`, { headers: { cookie }, signal: controller.signal });
  const events: LiveEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let resolveConnected = () => {};
  const connected = new Promise<void>((r) => (resolveConnected = r));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(': connected')) resolveConnected();
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted
    }
  })();
  await connected;
  return { res, events, close: () => controller.abort() };
}

const publish = (projectId: number | null, issueId: number) =>
  publishEvent(t.orm.em.fork() as unknown as EntityManager, { type: 'issue.updated', issueId, projectId, streamIds: [], actorId: null });

/** Spec: events arrive within a second; the assertions after it say what was missing. */
const waitFor = (check: () => boolean) => waitUntil('the events', check, { timeout: 1000, interval: 20 }).catch(() => undefined);

describe('GET /api/events', () => {
  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/events')).status).toBe(401);
  });

  it('streams events within a second, only for projects the user can see', async () => {
    const member = await listen(memberCookie);
    const outsider = await listen(outsiderCookie);
    expect(member.res.headers.get('content-type')).toMatch(/text\/event-stream/);

    await publish(privateProject, 1);
    await publish(openProject, 2);
    await publish(null, 3);

    await waitFor(() => member.events.length === 3 && outsider.events.length === 2);
    expect(member.events.map((e) => e.issueId)).toEqual([1, 2, 3]);
    expect(outsider.events.map((e) => e.issueId)).toEqual([2, 3]);
    member.close();
    outsider.close();
  });

  it('sends nothing for a change whose transaction rolled back', async () => {
    const member = await listen(memberCookie);
    await t.orm.em
      .fork()
      .transactional(async (em) => {
        await publishEvent(em as unknown as EntityManager, { type: 'issue.updated', issueId: 99, projectId: openProject, streamIds: [], actorId: null });
        throw new Error('rollback');
      })
      .catch(() => {});
    await publish(openProject, 100);
    // Notifications arrive in commit order: had the rolled-back one gone out, it would come first.
    await waitFor(() => member.events.some((e) => e.issueId === 100));
    expect(member.events.map((e) => e.issueId)).toEqual([100]);
    member.close();
  });
});
