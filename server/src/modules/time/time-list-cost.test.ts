import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { inlinedQueries } from '../../test/query-log.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

// The issue list carries each row's spent minutes (time tracking). They are summed per row of the
// page by a subselect (issue.mapper.ts) off the index of Migration20261203700000: run once per row
// of the page, never a scan of the entries table, whatever the number of entries.
let t: TestServer;
let owner: TestUser;
let record: ReturnType<typeof inlinedQueries>;
let projectId: number;

beforeAll(async () => {
  t = await createTestServer();
  record = inlinedQueries(t);
  owner = await signUp(t, { name: 'Owner' });
  projectId = (await createProject(owner)).project.id;
  await t.sql(
    `insert into issues (project_id, number, title, status_id, sort_order, created_at, updated_at)
     select ?, 1000 + g, md5(g::text), (select id from statuses where project_id = ? order by position limit 1), g, now(), now() - make_interval(secs => g)
       from generate_series(1, 2000) g`,
    [projectId, projectId],
  );
  // 20 entries on each issue: 40,000 rows.
  await t.sql(
    `insert into time_entries (issue_id, user_id, minutes, date)
     select i.id, ?, 15 + (g % 60), date '2026-11-01' + (g % 30) from issues i cross join generate_series(1, 20) g where i.project_id = ?`,
    [owner.id, projectId],
  );
  await t.sql('vacuum analyze time_entries');
  await t.sql('analyze issues');
});
afterAll(() => t.close());

describe('spent minutes in the issue list', () => {
  it('are summed off the index, for the page’s rows only', async () => {
    t.app.services.responseCache.clear();
    let body: { issues: { spentMinutes: number }[] } | undefined;
    const queries = await record(async () => (body = (await owner.client.get(`/api/issues?project=${projectId}&limit=50`)).body));
    expect(body!.issues).toHaveLength(50);
    expect(body!.issues.every((i) => i.spentMinutes > 0)).toBe(true);
    const sql = queries.find((q) => q.includes('from issues i'))!;
    const plan = (await t.sql<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Seq Scan on time_entries/);
    // Executed once per row of the page (51 with the look-ahead row), never for the other issues.
    expect(plan).toMatch(/(Index Only Scan using|Index Scan using|Bitmap Index Scan on) time_entries_issue_minutes\b.*\(actual time=[^)]* rows=20\.?\d* loops=51\)/);
    // What the sum costs: the same query with and without it (printed for docs/time-tracking.md).
    const ms = async (q: string) => {
      const runs: number[] = [];
      for (let n = 0; n < 5; n++) {
        const out = (await t.sql<{ 'QUERY PLAN': string }>(`explain (analyze) ${q}`)).map((r) => r['QUERY PLAN']).join('\n');
        runs.push(Number(/Execution Time: ([\d.]+) ms/.exec(out)![1]));
      }
      return Math.min(...runs);
    };
    const without = sql.replace(/\(select coalesce\(sum\(te\.minutes\), 0\)::int from time_entries te where te\.issue_id = i\.id\)/, '0');
    expect(without).not.toBe(sql);
    console.info(`list page of 50, 20 entries per issue: ${await ms(sql)} ms with spent minutes, ${await ms(without)} ms without`);
  });
});
