import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_SORTS, issueListResponseSchema } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { inlinedQueries, issueSortKeys } from '../../test/query-log.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

// Each sort of one project's list reads its page off an index `(project_id, <sort expression>, id)`
// instead of sorting the whole project: the plans of the SQL the list route itself runs.
let t: TestServer;
let owner: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let record: ReturnType<typeof inlinedQueries>;

const INDEX: Record<(typeof ISSUE_SORTS)[number], { asc: string; desc: string }> = {
  updated: { asc: 'issues_project_updated', desc: 'issues_project_updated' },
  created: { asc: 'issues_project_created', desc: 'issues_project_created' },
  priority: { asc: 'issues_project_priority_asc', desc: 'issues_project_priority_desc' },
  due: { asc: 'issues_project_due_asc', desc: 'issues_project_due_desc' },
  title: { asc: 'issues_project_title', desc: 'issues_project_title' },
  key: { asc: 'issues_project_id_number_key', desc: 'issues_project_id_number_key' },
};

/** Fills `project` with `count` issues of varied priority, due date, title and times. */
async function generate(projectId: number, count: number) {
  await t.sql(
    `insert into issues (project_id, number, title, status_id, sort_order, priority, due_date, created_at, updated_at)
     select ?, 1000 + g, md5(g::text), (select id from statuses where project_id = ? order by position offset (g % 6) limit 1), g,
            g % 5, case when g % 3 = 0 then null else date '2026-01-01' + (g % 400) end,
            now() - make_interval(secs => g * 7 % 9973), now() - make_interval(secs => g)
       from generate_series(1, ?) g`,
    [projectId, projectId, count],
  );
}

beforeAll(async () => {
  t = await createTestServer();
  record = inlinedQueries(t);
  owner = await signUp(t, { name: 'Owner' });
  project = await createProject(owner);
  const other = await createProject(owner);
  await generate(project.project.id, 2000);
  await generate(other.project.id, 2000);
  await t.sql('analyze issues');
});
afterAll(() => t.close());

/** The list route's SQL for `query`, as it ran, and the page it answered. */
async function listSql(query: string) {
  t.app.services.responseCache.clear();
  let res!: Awaited<ReturnType<typeof owner.client.get>>;
  const queries = await record(async () => (res = await owner.client.get(`/api/issues?${query}`)));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sql = queries.find((q) => q.includes('from issues i'));
  expect(sql).toBeDefined();
  return { sql: sql!, page: issueListResponseSchema.parse(res.body) };
}

async function plan(sql: string) {
  return (await t.sql<{ 'QUERY PLAN': string }>(`explain ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
}

describe('issue list sort indexes', () => {
  for (const sort of ISSUE_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`reads one project's list sorted by ${sort} ${order} off ${INDEX[sort][order]}, first page and next`, async () => {
        const query = `project=${project.project.key}&sort=${sort}&order=${order}&limit=50`;
        const first = await listSql(query);
        expect(first.page.issues).toHaveLength(50);
        const next = await listSql(`${query}&cursor=${first.page.nextCursor}`);
        for (const sql of [first.sql, next.sql]) {
          const text = await plan(sql);
          expect(text, text).toContain(INDEX[sort][order]);
          expect(issueSortKeys(text), text).toEqual([]);
          expect(text, text).not.toMatch(/Seq Scan on issues/);
        }
      });
    }
  }

  for (const order of ['asc', 'desc'] as const) {
    it(`filtered by priority and sorted by it (${order}), reads only those priorities off the sort's index`, async () => {
      const { sql, page } = await listSql(`project=${project.project.key}&priority=urgent,none&sort=priority&order=${order}&limit=50`);
      expect(page.issues).toHaveLength(50);
      // Urgent before none in both orders (none is last either way).
      expect(page.issues.every((i) => i.priority === 'urgent')).toBe(true);
      const text = await plan(sql);
      const cond = text.split('\n').find((l) => l.includes('Index Cond') && l.includes('project_id'));
      expect(text, text).toContain(INDEX.priority[order]);
      expect(cond, text).toMatch(/CASE WHEN .* = ANY/);
    });
  }

  // One status (a board column): `(project_id, status_id, <sort expression>, id)` for every sort.
  const STATUS_INDEX: Record<(typeof ISSUE_SORTS)[number], { asc: string; desc: string }> = {
    updated: { asc: 'issues_project_status_updated', desc: 'issues_project_status_updated' },
    created: { asc: 'issues_project_status_created', desc: 'issues_project_status_created' },
    priority: { asc: 'issues_project_status_priority_asc', desc: 'issues_project_status_priority_desc' },
    due: { asc: 'issues_project_status_due_asc', desc: 'issues_project_status_due_desc' },
    title: { asc: 'issues_project_status_title', desc: 'issues_project_status_title' },
    key: { asc: 'issues_project_status_number', desc: 'issues_project_status_number' },
  };
  for (const sort of ISSUE_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`reads one status of one project sorted by ${sort} ${order} off ${STATUS_INDEX[sort][order]}`, async () => {
        const query = `project=${project.project.key}&status=${project.statuses[2]!.id}&sort=${sort}&order=${order}&limit=50`;
        const first = await listSql(query);
        expect(first.page.issues).toHaveLength(50);
        expect(first.page.issues.every((i) => i.statusId === project.statuses[2]!.id)).toBe(true);
        const next = await listSql(`${query}&cursor=${first.page.nextCursor}`);
        for (const sql of [first.sql, next.sql]) {
          const text = await plan(sql);
          expect(text, text).toContain(STATUS_INDEX[sort][order]);
          expect(issueSortKeys(text), text).toEqual([]);
        }
      });
    }
  }

  it('puts a new issue at the bottom of its status off (project_id, status_id, sort_order), not by reading the status', async () => {
    const status = project.statuses[2]!.id;
    let created!: Awaited<ReturnType<typeof owner.client.post>>;
    const queries = await record(async () => (created = await owner.client.post('/api/issues', { projectId: project.project.id, title: 'At the bottom', statusId: status })));
    expect(created.status).toBe(201);
    const issue = (created.body as { issue: { id: number; sortOrder: number } }).issue;
    const [bottom] = await t.sql<{ max: number }>('select max(sort_order) as max from issues where project_id = ? and status_id = ? and id <> ?', [project.project.id, status, issue.id]);
    expect(issue.sortOrder).toBe(bottom!.max + 1024);
    const insert = queries.find((q) => q.startsWith('insert into issues'));
    expect(insert).toBeDefined();
    const text = await plan(insert!);
    expect(text, text).toMatch(/Index (Only )?Scan Backward using issues_project_status_sort_order/);
  });
});
