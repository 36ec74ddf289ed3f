// Search's copy of an issue's text (issue_search, one trigger on issues) follows every write through
// the API, and a write that leaves the text alone does not touch it: its words and trigrams are not
// entered into the GIN indexes again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let me: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  me = await signUp(t);
});
afterAll(() => t.close());

type Copy = { title: string; project_id: number; matches_title: boolean; matches_old: boolean };
const copyOf = async (id: number, word: string, oldWord: string) =>
  (await t.sql<Copy>(
    `select s.title, s.project_id, s.search_vector @@ websearch_to_tsquery('english', ?) as matches_title, s.search_vector @@ websearch_to_tsquery('english', ?) as matches_old
       from issue_search s where s.issue_id = ?`,
    [word, oldWord, id],
  ))[0];
const found = async (q: string) => ((await me.client.get(`/api/search?q=${encodeURIComponent(q)}`)).body as { issues: { id: number }[] }).issues.map((i) => i.id);

describe('issue_search', () => {
  it('holds each issue’s text and recency as the API writes them, and goes with it', async () => {
    const { project } = await createProject(me);
    const issue = await createIssue(me, project.id, { title: 'Marmalade export', description: 'quince' });
    expect(await copyOf(issue.id, 'marmalade', 'quince')).toMatchObject({ title: 'Marmalade export', project_id: project.id, matches_title: true, matches_old: true });

    expect((await me.client.request('PATCH', `/api/issues/${issue.id}`, { json: { title: 'Tangerine export', description: 'plain' } })).status).toBe(200);
    expect(await copyOf(issue.id, 'tangerine', 'marmalade')).toMatchObject({ title: 'Tangerine export', matches_title: true, matches_old: false });
    expect(await found('tangerine')).toEqual([issue.id]);
    expect(await found('marmalade')).toEqual([]);
    expect(await found('quince')).toEqual([]);

    expect((await me.client.request('DELETE', `/api/issues/${issue.id}`)).status).toBe(204);
    expect(await t.sql('select 1 from issue_search where issue_id = ?', [issue.id])).toEqual([]);
  });

  it('is left alone by a write that keeps the text: a status change adds nothing to the text indexes', async () => {
    const { project, statuses } = await createProject(me);
    const issue = await createIssue(me, project.id, { title: 'Persimmon report', description: 'words that stay' });
    // The statements of a status change and of an edit, in a transaction that reads its own statistics
    // before and after: PostgreSQL's "xact" counters also hold a previous transaction's counts until
    // the connection flushes them (at most once a second), so only the difference is this statement's.
    const written = (update: string, params: unknown[]) => t.orm.em.fork().transactional(async (em) => {
      const updated = async () => Number((await em.execute<{ n: string }[]>(`select pg_stat_get_xact_tuples_updated('issue_search'::regclass) as n`))[0]!.n);
      const before = await updated();
      await em.execute(update, params);
      return String((await updated()) - before);
    });
    for (const status of statuses.slice(1, 4)) expect(await written('update issues set status_id = ?, updated_at = now() where id = ?', [status.id, issue.id])).toBe('0');
    expect(await written('update issues set title = ?, updated_at = now() where id = ?', ['Persimmon summary', issue.id])).toBe('1');
    expect(await copyOf(issue.id, 'summary', 'stay')).toMatchObject({ title: 'Persimmon summary', matches_title: true, matches_old: true });
  });
});
