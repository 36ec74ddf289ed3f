import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createTestServer, type TestServer } from '../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../modules/projects/test-fixtures.ts';

// Writes made outside this server (another instance, a migration, psql) reach it only through the
// tables' NOTIFY triggers; this client plays that other writer.
let t: TestServer;
let other: pg.Client;
let owner: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;

beforeAll(async () => {
  t = await createTestServer();
  other = new pg.Client({ connectionString: t.databaseUrl });
  await other.connect();
  owner = await signUp(t, { name: 'Owner' });
  project = await createProject(owner);
});
afterAll(async () => {
  await other.end();
  await t.close();
});

/** Polls until `check` passes: a notification arrives asynchronously, but well within a second. */
async function eventually(check: () => Promise<void>, ms = 2000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe('read cache', () => {
  it('answers a repeated read without SQL, and a direct write by someone else is seen', async () => {
    const issue = await createIssue(owner, project.project.id, { title: 'Before' });
    const listPath = `/api/issues?project=${project.project.key}`;
    expect((await owner.client.get(listPath)).body.issues[0].title).toBe('Before');
    expect((await owner.client.get(`/api/issues/${issue.key}`)).body.issue.title).toBe('Before');
    const connection = t.orm.em.getConnection();
    const original = connection.execute.bind(connection);
    let count = 0;
    connection.execute = ((...args: Parameters<typeof original>) => (count++, original(...args))) as typeof connection.execute;
    try {
      expect((await owner.client.get(listPath)).body.issues[0].title).toBe('Before');
      expect((await owner.client.get(`/api/issues/${issue.key}`)).body.issue.title).toBe('Before');
      // List and issue page came from memory; each request read its session with its user (one statement).
      expect(count).toBe(2);
    } finally {
      connection.execute = original;
    }

    await other.query('update issues set title = $1 where id = $2', ['After', issue.id]);
    await eventually(async () => {
      expect((await owner.client.get(listPath)).body.issues[0].title).toBe('After');
      expect((await owner.client.get(`/api/issues/${issue.key}`)).body.issue.title).toBe('After');
    });
  });

  it('reads its own writes at once', async () => {
    const issue = await createIssue(owner, project.project.id, { title: 'Mine' });
    expect((await owner.client.get(`/api/issues/${issue.id}`)).body.issue.title).toBe('Mine');
    expect((await owner.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Mine, renamed' } })).status).toBe(200);
    expect((await owner.client.get(`/api/issues/${issue.id}`)).body.issue.title).toBe('Mine, renamed');
    const search = await owner.client.get(`/api/search?q=${encodeURIComponent('renamed')}`);
    expect(search.body.issues.map((i: { id: number }) => i.id)).toContain(issue.id);
  });

  it('ends a session deleted elsewhere, and a revoked admin role takes effect', async () => {
    const admin = await signUp(t, { admin: true });
    expect((await admin.client.get('/api/user/me')).status).toBe(200);
    expect((await admin.client.get('/api/admin/custom-fields')).status).toBe(200);
    await other.query(`update users set roles = '{}' where id = $1`, [admin.id]);
    await eventually(async () => expect((await admin.client.get('/api/admin/custom-fields')).status).toBe(403));
    await other.query('delete from sessions where user_id = $1', [admin.id]);
    await eventually(async () => expect((await admin.client.get('/api/user/me')).status).toBe(401));
  });

  it('costs the same queries as before the cache when it is empty', async () => {
    const cold = await countQueries(t, () => owner.client.get(`/api/issues?project=${project.project.key}`));
    expect(cold).toBeLessThanOrEqual(3);
  });
});
