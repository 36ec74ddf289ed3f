// Two server processes on one PostgreSQL, as docker-compose.yml runs them behind Caddy (issue 13,
// item 5): whichever replica a request reaches, the user sees one product.
import { randomBytes } from 'node:crypto';
import { LOGIN_THROTTLE } from '@tracker/shared/limits';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, PING_CHANNEL, PING_JOB, type PingNotice } from './modules/jobs/index.ts';
import type { TestClient } from './test/harness.ts';
import { startReplicas, type Replica, type ReplicaSet } from './test/replicas.ts';
import { waitUntil } from './test/wait-until.ts';

let set: ReplicaSet;
let a: Replica;
let b: Replica;
let onA: TestClient;
let issueId: number;
const email = `replicas-${randomBytes(3).toString('hex')}@example.com`;
const password = 'two replicas, one product';

/** The same browser (its cookies) pointed at another replica, as a proxy without sticky sessions does. */
function sameBrowser(from: TestClient, to: Replica): TestClient {
  const client = to.client();
  for (const [name, value] of from.cookies) client.cookies.set(name, value);
  return client;
}
const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

beforeAll(async () => {
  set = await startReplicas(2);
  [a, b] = set.replicas as [Replica, Replica];
  onA = a.client();
  const registered = await onA.post('/api/auth/register', { email, password, name: 'Replica User' });
  expect(registered.status, a.output()).toBe(201);
  const userId = registered.body.user.id as number;
  const [project] = await set.sql<{ id: number }>(`insert into projects (key, name) values ('REP', 'Replicas') returning id`);
  const [status] = await set.sql<{ id: number }>(`insert into statuses (project_id, name, category) values ($1, 'Todo', 'unstarted') returning id`, [project!.id]);
  await set.sql(`insert into project_members (project_id, user_id, role) values ($1, $2, 'member')`, [project!.id, userId]);
  const [issue] = await set.sql<{ id: number }>(`insert into issues (project_id, number, title, status_id) values ($1, 1, 'Shared', $2) returning id`, [project!.id, status!.id]);
  issueId = issue!.id;
}, 90_000);
afterAll(() => set?.close());

describe('two replicas on one database', () => {
  it('a session made on one replica works on the other, and ends on both', async () => {
    const onB = sameBrowser(onA, b);
    const me = await onB.get('/api/user/me');
    expect([me.status, me.body.user?.email]).toEqual([200, email]);

    const second = b.client();
    expect((await second.post('/api/auth/login', { email, password })).status).toBe(200);
    const secondOnA = sameBrowser(second, a);
    expect((await secondOnA.get('/api/user/me')).status).toBe(200);
    expect((await secondOnA.post('/api/auth/logout')).status).toBe(204);
    expect((await sameBrowser(second, b).get('/api/user/me')).status).toBe(401);
  });

  it('a change made through one replica reaches a live-event client of the other', async () => {
    const stop = new AbortController();
    const res = await fetch(`${b.url}/api/events`, { headers: { cookie: cookieOf(onA) }, signal: stop.signal });
    expect(res.status).toBe(200);
    let text = '';
    const decoder = new TextDecoder();
    const reading = (async () => {
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    })().catch(() => {});
    try {
      // Sent once replica B listens: nothing published after it can be missed.
      await waitUntil('the event stream of replica 2 to open', () => text.includes(': connected'));
      expect((await onA.post(`/api/issues/${issueId}/comments`, { body: 'written on replica 1' })).status).toBe(201);
      const line = await waitUntil('the comment event on replica 2', () => /event: comment\.created\ndata: (.*)\n/.exec(text)?.[1], { state: () => text });
      expect(JSON.parse(line!)).toMatchObject({ type: 'comment.created', issueId });
    } finally {
      stop.abort();
      await reading;
    }
  });

  it('signing out through one replica ends the sync stream held on the other within a second', async () => {
    const browser = a.client();
    expect((await browser.post('/api/auth/login', { email, password })).status).toBe(200);
    const since = (await browser.get('/api/sync/bootstrap')).body.syncId as number;
    const stop = new AbortController();
    const res = await fetch(`${b.url}/api/sync/stream?since=${since}`, { headers: { cookie: cookieOf(browser) }, signal: stop.signal });
    expect(res.status).toBe(200);
    let text = '';
    let ended = false;
    const decoder = new TextDecoder();
    const reading = (async () => {
      for await (const chunk of res.body!) text += decoder.decode(chunk as Uint8Array, { stream: true });
      ended = true;
    })().catch(() => {});
    try {
      await waitUntil('the sync stream of replica 2 to open', () => text.includes(': connected'));
      expect((await browser.post('/api/auth/logout')).status).toBe(204);
      await waitUntil('the stream on replica 2 to end', () => ended, { timeout: 1000, interval: 20 });
    } finally {
      stop.abort();
      await reading;
    }
  });

  it('an attachment uploaded to one replica downloads from the other, byte for byte', async () => {
    const bytes = randomBytes(1_500_000);
    const up = await onA.request('POST', `/api/issues/${issueId}/attachments`, {
      body: bytes as unknown as string,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('отчёт.pdf') },
    });
    expect(up.status).toBe(201);
    const id = up.body.attachment.id as number;

    const down = await fetch(`${b.url}/api/attachments/${id}`, { headers: { cookie: cookieOf(onA) } });
    expect([down.status, down.headers.get('content-type'), down.headers.get('content-length')]).toEqual([200, 'application/pdf', String(bytes.length)]);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);

    // A signed link made by replica 2 opens on replica 1, without a session.
    const link = await sameBrowser(onA, b).post(`/api/attachments/${id}/link`);
    const viaLink = await fetch(`${a.url}${link.body.url}`);
    expect(viaLink.status).toBe(200);
    expect(Buffer.from(await viaLink.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an avatar set through one replica is served by the other', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a7' } }).png().toBuffer();
    const uploaded = await fetch(`${a.url}/api/user/avatar`, { method: 'POST', headers: { cookie: cookieOf(onA), 'content-type': 'image/png' }, body: new Uint8Array(png) });
    expect(uploaded.status).toBe(200);
    const { user } = (await uploaded.json()) as { user: { avatar_url: string } };
    const served = await fetch(`${b.url}${user.avatar_url}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(128);
  });

  it('a rate limit counts the attempts made on both replicas', async () => {
    // The sign-in throttle of an account from one address: `free` failures, then a wait.
    const { free } = LOGIN_THROTTLE.accountIp;
    const target = `throttled-${randomBytes(3).toString('hex')}@example.com`;
    const attempt = (replica: Replica) => replica.client().post('/api/auth/login', { email: target, password: 'not the password' });
    const statuses: number[] = [];
    for (let i = 0; i < free; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(free).fill(401));
    // Replica 2 has seen only two of them itself: it refuses because it counts replica 1's too.
    const refused = await attempt(b);
    expect([refused.status, refused.body.data?.code ?? refused.body.code]).toEqual([429, 'login_throttled']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a job enqueued twice is executed once, though both replicas work the queue', async () => {
    const pings: PingNotice[] = [];
    const listener = new pg.Client({ connectionString: set.databaseUrl });
    await listener.connect();
    try {
      listener.on('notification', (n) => pings.push(JSON.parse(n.payload!) as PingNotice));
      await listener.query(`listen ${PING_CHANNEL}`);
      const db = { query: async (text: string, values?: unknown[]) => ({ rows: await set.sql(text, values) }) };
      const jobKey = `replicas-${randomBytes(3).toString('hex')}`;
      // A moment ahead, so the second enqueue finds the first still waiting (a key dedupes waiting jobs).
      const runAt = new Date(Date.now() + 1500);
      const first = await enqueue(db, PING_JOB, { once: jobKey }, { jobKey, runAt });
      const second = await enqueue(db, PING_JOB, { once: jobKey }, { jobKey, runAt });
      expect(second).toBe(first);
      // Unkeyed jobs too: each runs once, though both replicas' workers take from the queue.
      const many = await Promise.all(Array.from({ length: 10 }, (_, n) => enqueue(db, PING_JOB, { n, batch: jobKey })));
      const gone = async () => (await set.sql(`select count(*)::int as n from graphile_worker.jobs where id = any($1::bigint[])`, [[first, ...many]]))[0]!.n === 0;
      await waitUntil('every job has run and left the queue', async () => (await gone()) && pings.length >= 11, { timeout: 20_000 });
      expect(pings.filter((p) => p.payload.once === jobKey)).toHaveLength(1);
      expect(pings.filter((p) => p.payload.batch === jobKey).map((p) => p.payload.n).sort((x, y) => Number(x) - Number(y))).toEqual([...Array(10).keys()]);
    } finally {
      await listener.end();
    }
  });
});
