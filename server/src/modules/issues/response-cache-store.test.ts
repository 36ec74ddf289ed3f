// The stored side of the response cache (issue 13): compressed bodies, what a read costs, versions
// that follow transactions, and a second server instance on the same database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createOrm } from '../../db/orm.ts';
import { inRequest } from '../../db/request-context.ts';
import { createLogger } from '../../logger.ts';
import { countQueries, createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let issue: Awaited<ReturnType<typeof createIssue>>;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  project = await createProject(owner);
  // Enough issues for a body well over the compression threshold.
  for (let n = 0; n < 12; n++) issue = await createIssue(owner, project.project.id, { title: `Issue number ${n} with a longer title` });
});
afterAll(() => t.close());

const listPath = () => `/api/issues?project=${project.project.key}&limit=50`;

/** A GET with raw bytes back (fetch would decode them), as `user`. */
function raw(base: string, user: TestUser, path: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers: { cookie, 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('compressed bodies kept under their ETag', () => {
  it('answers br, gzip and identity that decode to the same JSON, the second time from the store', async () => {
    t.app.services.responseCache.clear();
    const bodies: string[] = [];
    for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const first = await raw(t.url, owner, listPath(), accept);
      const before = t.app.services.responseCache.stats();
      const second = await raw(t.url, owner, listPath(), accept);
      const after = t.app.services.responseCache.stats();
      expect(first.status).toBe(200);
      expect(first.headers['content-encoding'], accept).toBe(expected);
      expect(first.headers.vary, accept).toMatch(/Accept-Encoding/i);
      // The stored bytes (a hit: no serialisation, no compression), not compressed a second time on the way out.
      expect(second.body.equals(first.body), accept).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(after.hits, accept).toBe(before.hits + 1);
      bodies.push(decode(first.body, first.headers['content-encoding']).toString());
    }
    expect(JSON.parse(bodies[0]!).issues).toHaveLength(12);
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('what a cached read costs', () => {
  // The session with its user comes first (one statement); the route adds access+versions and the body.
  const SESSION = 1;

  it('an issue page and a list: two queries made anew, one when stored or not modified', async () => {
    for (const path of [`/api/issues/${issue.key}`, listPath(), '/api/issues']) {
      let etag = '';
      const made = await countQueries(t, async () => {
        etag = (await owner.client.get(path)).headers.get('etag')!;
      });
      expect(made, path).toBe(SESSION + 2);
      expect(await countOnly(() => owner.client.get(path)), path).toBe(SESSION + 1);
      expect(await countOnly(() => owner.client.get(path, { 'if-none-match': etag })), path).toBe(SESSION + 1);
    }
  });
});

/** The request queries of `fn` without emptying the store first (countQueries does). */
async function countOnly(fn: () => Promise<unknown>): Promise<number> {
  const connection = t.orm.em.getConnection();
  const original = connection.execute.bind(connection);
  let count = 0;
  connection.execute = ((...args: Parameters<typeof original>) => ((count += inRequest() ? 1 : 0), original(...args))) as typeof connection.execute;
  try {
    await fn();
    return count;
  } finally {
    connection.execute = original;
  }
}

describe('data versions', () => {
  const versionOf = async () => (await t.sql<{ version: string }>('select version from project_data_versions where project_id = ?', [project.project.id]))[0]!.version;

  it('take a new one with a change, at its commit, and roll back with it', async () => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const before = await versionOf();
      await client.query('begin');
      await client.query('update issues set title = $1 where id = $2', ['Rolled back', issue.id]);
      // Taken at commit, so the writer holds no lock on the version row while it works…
      const inside = (await client.query('select version from project_data_versions where project_id = $1', [project.project.id])).rows[0].version;
      expect(inside).toBe(before);
      await client.query('rollback');
      // …and a rollback leaves it as it was.
      expect(await versionOf()).toBe(before);
      await client.query('begin');
      await client.query('update issues set title = $1 where id = $2', ['Committed', issue.id]);
      await client.query('update issues set priority = 1 where id = $1', [issue.id]);
      await client.query('commit');
      const after = await versionOf();
      expect(BigInt(after)).toBeGreaterThan(BigInt(before));
      // One transaction, one new version, however many rows and statements it wrote.
      const [sequence] = await t.sql<{ last: string }>('select last_value as last from data_version_seq');
      expect(sequence!.last).toBe(after);
    } finally {
      await client.end();
    }
  });

  it('never make writers of one project deadlock: the version row is locked only at commit', async () => {
    // The interleaving a route fuzz once hit: an issue created under a parent (the project's counter,
    // then a key-share lock on the parent) against a bulk edit of that parent (its row lock, then an
    // update). With the version row locked at the first write, each waited for the other.
    const [a, b] = [new pg.Client({ connectionString: t.databaseUrl }), new pg.Client({ connectionString: t.databaseUrl })];
    await Promise.all([a.connect(), b.connect()]);
    try {
      const before = await versionOf();
      await a.query('begin');
      await a.query('select id from issues where id = $1 for update', [issue.id]);
      await b.query('begin');
      await b.query('update projects set issue_counter = issue_counter + 1 where id = $1', [project.project.id]);
      const bPid = (await b.query('select pg_backend_pid() as pid')).rows[0].pid;
      const comment = b.query('insert into comments (issue_id, author_id, body) values ($1, $2, $3)', [issue.id, owner.id, 'Waits for the parent']);
      await waitUntil('the second writer to wait for the issue row', async () => (await t.sql(`select 1 from pg_stat_activity where pid = ? and wait_event_type = 'Lock'`, [bPid])).length > 0);
      await a.query('update issues set priority = 2 where id = $1', [issue.id]);
      await a.query('commit');
      await comment;
      await b.query('commit');
      expect(BigInt(await versionOf())).toBeGreaterThanOrEqual(BigInt(before) + 2n);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('keep a second server instance on the same database from ever serving a stale body', async () => {
    const orm = await createOrm(t.databaseUrl, { poolMax: 2 });
    const second = createApp({ config: t.config, orm, logger: createLogger('silent') });
    const server = second.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const path = `/api/issues/${issue.key}`;
      const first = await raw(base, owner, path, 'gzip');
      expect((await raw(base, owner, path, 'gzip')).headers.etag).toBe(first.headers.etag);
      // Written through the first instance: the second learns it from the version, not a message.
      expect((await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Seen everywhere' } })).status).toBe(200);
      const after = await raw(base, owner, path, 'gzip');
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(JSON.parse(decode(after.body, after.headers['content-encoding']).toString()).issue.title).toBe('Seen everywhere');
    } finally {
      await second.services.telegram.stop();
      await second.services.jobs.stop();
      await second.services.events.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await orm.close(true);
    }
  });
});
