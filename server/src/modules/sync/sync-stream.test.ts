// The change feed over server-sent events: pushed after each commit, resumed with Last-Event-ID.
import { syncChangeSchema, type SyncChange } from '@tracker/shared/api/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  project = await createProject(owner);
});
afterAll(() => t.close());

interface Received {
  id: string | null;
  event: string;
  changes: SyncChange[];
  data: string | null;
}

/** Opens the stream as `user` and collects its events until `close()`. */
async function open(user: TestUser, query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${t.url}/api/sync/stream${query}`, { headers: { cookie, ...headers }, signal: controller.signal });
  const events: Received[] = [];
  if (res.status === 200) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
            const event = field('event');
            if (event) events.push({ id: field('id'), event, changes: event === 'changes' ? z.array(syncChangeSchema).parse(JSON.parse(field('data')!)) : [], data: field('data') });
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const body = res.status === 200 ? null : ((await res.json()) as { data: { code: string } });
  return { status: res.status, body, events, close: () => controller.abort() };
}

const position = async () => Number((await owner.client.get('/api/sync/bootstrap?project=' + project.project.id)).body.syncId);
const issuesIn = (events: Received[]) => events.flatMap((e) => e.changes.filter((c) => c.entity === 'issue'));

describe('sync stream', () => {
  it('pushes each commit, with the sync id as the event id, and resumes from Last-Event-ID', async () => {
    const since = await position();
    const stream = await open(owner, `?since=${since}`);
    expect(stream.status).toBe(200);
    const first = await createIssue(owner, project.project.id, { title: 'Pushed' });
    await waitUntil('the new issue on the stream', () => issuesIn(stream.events).some((c) => c.id === first.id && c.data?.title === 'Pushed'));
    // Live events (no id) may arrive after the change; the id to resume from is the change's.
    const last = stream.events.findLast((e) => e.event === 'changes')!;
    expect(Number(last.id)).toBeGreaterThan(since);
    stream.close();

    // Changes while disconnected arrive on reconnecting with the last id seen.
    const missed = await createIssue(owner, project.project.id, { title: 'Made while away' });
    const again = await open(owner, '?since=0', { 'last-event-id': last.id! });
    await waitUntil('the missed issue after reconnecting', () => issuesIn(again.events).some((c) => c.id === missed.id));
    expect(issuesIn(again.events).map((c) => c.id)).not.toContain(first.id);
    again.close();
  });

  it('carries the live events the user may see, so that a tab holds one stream', async () => {
    const stranger = await signUp(t, { name: 'Stranger' });
    const theirs = await createProject(stranger);
    const stream = await open(owner, `?since=${await position()}`);
    await createIssue(stranger, theirs.project.id, { title: 'Not for the owner' });
    const mine = await createIssue(owner, project.project.id, { title: 'Live too' });
    await waitUntil('the live event of the new issue', () => stream.events.some((e) => e.event === 'issue.created' && JSON.parse(e.data!).issueId === mine.id));
    const live = stream.events.filter((e) => e.event.startsWith('issue.'));
    expect(live.map((e) => JSON.parse(e.data!).projectId)).not.toContain(theirs.project.id);
    stream.close();
  });

  it('refuses a position the log cannot serve, and callers who are not signed in', async () => {
    const ahead = await open(owner, `?since=${(await position()) + 1000}`);
    expect(ahead.status).toBe(409);
    expect(ahead.body?.data.code).toBe('sync_expired');
    expect((await t.client().get('/api/sync/stream?since=0')).status).toBe(401);
    expect((await owner.client.get('/api/sync/stream?since=x')).status).toBe(400);
  });
});
