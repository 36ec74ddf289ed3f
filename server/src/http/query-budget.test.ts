import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, createTestServer, type TestServer } from '../test/harness.ts';
import { recordStatements } from '../test/query-counter.ts';
import { createIssue, createProject, signUp, type TestUser } from '../modules/projects/test-fixtures.ts';

// Exact statement budgets of the hottest requests, counted as sent to PostgreSQL (query-counter.ts)
// with no stored response bodies. A change that adds a round trip must change a number here.
let t: TestServer;
let owner: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let issueKey: string;

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  project = await createProject(owner);
  for (let i = 0; i < 3; i++) issueKey = (await createIssue(owner, project.project.id, { title: `Issue ${i}` })).key;
});
afterAll(() => t.close());

describe('query budgets', () => {
  it('loads the session and its user in one statement', async () => {
    let status = 0;
    const sent = await recordStatements(t.orm, async () => (status = (await owner.client.get('/api/user/me')).status));
    expect(status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/from sessions s left join users u/);
  });

  it('sends nothing for a visitor without a session', async () => {
    expect(await countQueries(t, () => t.client().get('/api/config'))).toBe(0);
  });

  it('signs out at once: the next request with the old cookie finds no session', async () => {
    const user = await signUp(t);
    const cookies = new Map(user.client.cookies);
    expect((await user.client.post('/api/auth/logout')).status).toBeLessThan(300);
    const stale = t.client();
    for (const [k, v] of cookies) stale.cookies.set(k, v);
    expect((await stale.get('/api/user/me')).status).toBe(401);
  });

  // Issue 13's budgets: the session with its user 1, then a list or an issue page 2 (access with the
  // data versions of its ETag, then the body); response-cache-store.test.ts counts stored bodies and 304s.
  it('lists issues in 3 statements: session with user, access with versions, the page', async () => {
    let status = 0;
    const count = await countQueries(t, async () => (status = (await owner.client.get(`/api/issues?project=${project.project.key}&limit=50`)).status));
    expect(status).toBe(200);
    expect(count).toBe(3);
  });

  it('shows an issue page in 3 statements: session with user, access with versions, the detail', async () => {
    let status = 0;
    const count = await countQueries(t, async () => (status = (await owner.client.get(`/api/issues/${issueKey}`)).status));
    expect(status).toBe(200);
    expect(count).toBe(3);
  });
});
