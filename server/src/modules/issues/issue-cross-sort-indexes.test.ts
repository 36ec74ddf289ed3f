import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_SORTS, issueListResponseSchema } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { recordStatements } from '../../test/query-counter.ts';
import { inlinedQueries, issueSortKeys } from '../../test/query-log.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

// Lists across every project a user sees, and My issues (one assignee across projects), read their
// pages off `(<sort expression>, id)` and `(assignee_id, <sort expression>, id)`: the plans of the
// SQL the list route itself runs, over 5 projects of 1,500 issues, first page and the next: with
// its values (a custom plan) and as the prepared statement's generic plan, which PostgreSQL may
// switch to after a few executions.
let t: TestServer;
let owner: TestUser;
let record: ReturnType<typeof inlinedQueries>;

type Sort = (typeof ISSUE_SORTS)[number];
const ACROSS: Record<Sort, { asc: string; desc: string }> = {
  updated: { asc: 'issues_updated', desc: 'issues_updated' },
  created: { asc: 'issues_created', desc: 'issues_created' },
  priority: { asc: 'issues_priority_asc', desc: 'issues_priority_desc' },
  due: { asc: 'issues_due_asc', desc: 'issues_due_desc' },
  title: { asc: 'issues_title', desc: 'issues_title' },
  // p.key, i.number spans two tables, which no index can: projects come in key order off their
  // unique key, and each gives at most a page of its issues off its unique (project_id, number).
  key: { asc: 'issues_project_id_number_key', desc: 'issues_project_id_number_key' },
};
// My issues in key order: each project's page of the assignee's issues, off (project_id, assignee_id, number).
const assigneeIndex = (sort: Sort, order: 'asc' | 'desc') =>
  sort === 'key' ? 'issues_project_assignee_number' : `issues_assignee_${['priority', 'due'].includes(sort) ? `${sort}_${order}` : sort}`;

/** Fills a project with issues of varied priority, due date, title, times, and a tenth assigned to `assignee`. */
async function generate(projectId: number, count: number, assignee: number, others: number) {
  await t.sql(
    `insert into issues (project_id, number, title, status_id, sort_order, priority, due_date, assignee_id, created_at, updated_at)
     select ?, 1000 + g, md5(g::text || ?), (select id from statuses where project_id = ? order by position offset (g % 6) limit 1), g,
            g % 5, case when g % 3 = 0 then null else date '2026-01-01' + (g % 400) end,
            case when g % 10 = 0 then ?::int when g % 10 < 5 then ?::int end,
            now() - make_interval(secs => g * 7 % 9973), now() - make_interval(secs => g * 13 % 9931)
       from generate_series(1, ?) g`,
    [projectId, projectId, projectId, assignee, others, count],
  );
}

beforeAll(async () => {
  t = await createTestServer();
  record = inlinedQueries(t);
  owner = await signUp(t, { name: 'Owner' });
  const other = await signUp(t, { name: 'Other' });
  for (let n = 0; n < 5; n++) await generate((await createProject(owner)).project.id, 1500, owner.id, other.id);
  await t.sql('analyze');
});
afterAll(() => t.close());

async function listSql(query: string) {
  t.app.services.responseCache.clear();
  let res!: Awaited<ReturnType<typeof owner.client.get>>;
  let sent: string[] = [];
  const queries = await record(async () => (sent = await recordStatements(t.orm, async () => (res = await owner.client.get(`/api/issues?${query}`)))));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sql = queries.find((q) => q.includes('from issues i'));
  const bound = sent.find((q) => q.includes('from issues i'));
  expect(sql).toBeDefined();
  expect(bound).toMatch(/\$1/);
  return { plans: [`explain ${sql}`, `explain (generic_plan) ${bound}`], page: issueListResponseSchema.parse(res.body) };
}

async function expectServedBy(query: string, index: string) {
  const first = await listSql(query);
  expect(first.page.issues).toHaveLength(50);
  const next = await listSql(`${query}&cursor=${first.page.nextCursor}`);
  expect(next.page.issues.length).toBeGreaterThan(0);
  for (const explain of [...first.plans, ...next.plans]) {
    const text = (await t.sql<{ 'QUERY PLAN': string }>(explain)).map((r) => r['QUERY PLAN']).join('\n');
    expect(text, text).toContain(index);
    // A full Sort keyed on the issue's columns would sort every visible issue; an Incremental Sort on
    // the index's order would be fine.
    // Key order sorts the few rows each project gave by p.key: only a Sort on the issues' own columns would sort them all.
    expect(issueSortKeys(text, /\bi\./), text).toEqual([]);
    expect(text, text).not.toMatch(/Seq Scan on issues/);
  }
}

describe('issue list sort indexes across projects', () => {
  for (const order of ['asc', 'desc'] as const) {
    it(`walks every visible issue in key order ${order}, project by project, without duplicates or gaps`, async () => {
      const seen: { projectKey: string; number: number }[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await owner.client.get(`/api/issues?sort=key&order=${order}&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
        const page = issueListResponseSchema.parse(res.body);
        seen.push(...page.issues.map((i) => ({ projectKey: i.key.slice(0, i.key.lastIndexOf('-')), number: i.number })));
        cursor = page.nextCursor;
      }
      const sign = order === 'asc' ? 1 : -1;
      const sorted = [...seen].sort((a, b) => sign * (a.projectKey < b.projectKey ? -1 : a.projectKey > b.projectKey ? 1 : a.number - b.number));
      expect(seen.length).toBe(7500);
      expect(new Set(seen.map((i) => `${i.projectKey}-${i.number}`)).size).toBe(7500);
      expect(seen).toEqual(sorted);
    });
  }

  for (const sort of ISSUE_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`reads every visible project's list sorted by ${sort} ${order} off ${ACROSS[sort][order]}`, async () => {
        await expectServedBy(`sort=${sort}&order=${order}&limit=50`, ACROSS[sort][order]);
      });
      const mine = assigneeIndex(sort, order);
      if (sort === 'due' && order === 'asc') {
        // My work's own query (miniapp features/my-work/api.ts): my open issues, soonest due first.
        it('reads My work (my open issues by due date) off issues_assignee_due_asc', async () => {
          await expectServedBy('assignee=me&category=backlog,unstarted,started&sort=due&order=asc&limit=50', 'issues_assignee_due_asc');
        });
      }
      if (mine) {
        it(`reads My issues sorted by ${sort} ${order} off ${mine}`, async () => {
          await expectServedBy(`assignee=me&sort=${sort}&order=${order}&limit=50`, mine);
        });
      }
    }
  }
});
