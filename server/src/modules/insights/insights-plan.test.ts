// The insights charts' statements, explained on enough issues that the planner has a real choice
// (8,000 in two projects, over most of a year): each chart reads its issues off an index — the
// ranges of creation and completion off (project_id, created_at | completed_at), open issues off
// (project_id, status_id) with the assignee and priority beside, due issues off issues_due — and
// never reads the whole issues table, nor the activity history (cycle starts are in issue_starts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait-until.ts';
import { createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';
import { createdResolvedStatement, cycleTimeStatement, overdueStatement, workloadStatement, type InsightScope, type SqlStatement } from './insights.repository.ts';

let t: TestServer;
let me: TestUser;
let projectId: number;

beforeAll(async () => {
  t = await createTestServer();
  me = await signUp(t);
  const projects = [await createProject(me, { visibility: 'members' }), await createProject(me, { visibility: 'members' })];
  projectId = projects[0]!.project.id;
  for (const { project, statuses } of projects) {
    await t.sql(
      `insert into issues (project_id, number, title, status_id, priority, assignee_id, due_date, created_at, completed_at)
       select ?, g, 'Issue ' || g, (?::int[])[1 + g % 6], g % 5, case when g % 4 > 0 then ?::int end,
              case when g % 3 = 0 then date '2026-01-01' + g % 330 end,
              timestamptz '2026-01-01 00:00+00' + make_interval(mins => g * 120),
              case when g % 6 = 4 then timestamptz '2026-01-01 00:00+00' + make_interval(mins => g * 120 + 600 + g % 5000) end
         from generate_series(1, 4000) g`,
      [project.id, `{${statuses.map((s) => s.id).join(',')}}`, me.id],
    );
    // The history of the started ones: this fills issue_starts through its trigger.
    const started = statuses.find((s) => s.category === 'started')!.id;
    await t.sql(
      `insert into activities (issue_id, project_id, action, field, old_value, new_value, created_at)
       select id, project_id, 'updated', 'statusId', to_jsonb(?::int), to_jsonb(?::int), created_at + interval '1 hour' from issues where project_id = ? and number % 6 in (2, 4)`,
      [statuses[0]!.id, started, project.id],
    );
  }
  await t.sql('vacuum analyze issues, issue_starts, activities, projects, project_members, statuses');
  // Every page of issues marked all-visible, as autovacuum keeps a settled table (where index-only
  // scans pay): a pass can leave pages unmarked (the key-share locks the history's foreign keys
  // took, a snapshot the app's background work held), so vacuum again until none is left.
  await waitUntil('issues all-visible', async () => {
    await t.sql('vacuum issues');
    const [pages] = await t.sql<{ ok: boolean }>(`select relallvisible >= relpages as ok from pg_class where relname = 'issues'`);
    return pages!.ok;
  });
});
afterAll(() => t.close());

/** Reads `index` (index-only where it can, as on a vacuumed table; a bitmap scan of it is still the index). */
const reads = (index: string) => new RegExp(`(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) ${index}\\b`);

async function plan(statement: SqlStatement): Promise<string> {
  const rows = await t.orm.em.fork().execute<{ 'QUERY PLAN': string }[]>(`explain ${statement.sql}`, statement.params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const scope = (range: 'weeks' | 'years', project?: number): InsightScope => ({
  viewer: { id: me.id, roles: [] },
  filters: (project ? { project } : {}) as InsightScope['filters'],
  timeZone: 'Europe/Moscow',
  ...(range === 'weeks' ? { from: '2026-09-07', to: '2026-11-29', firstWeek: '2026-09-07', weeks: 12 } : { from: '2024-12-02', to: '2026-11-29', firstWeek: '2024-12-02', weeks: 104 }),
});

// Made when a test runs: the viewer and the project exist by then.
const SCOPES = [
  ['12 weeks, every project the viewer sees', () => scope('weeks')],
  ['12 weeks, one project', () => scope('weeks', projectId)],
  ['two years, every project', () => scope('years')],
] as const;
const resolve = (s: () => InsightScope) => s();

describe('insights plans', () => {
  it.each(SCOPES)('created and resolved per week read index ranges (%s)', async (_, s) => {
    const text = await plan(createdResolvedStatement(resolve(s)));
    expect(text, text).toMatch(reads('issues_project_created'));
    expect(text, text).toMatch(reads('issues_project_completed'));
    expect(text, text).not.toMatch(/Seq Scan on issues/);
  });

  it.each(SCOPES)('cycle and lead times read completions off the index and starts off issue_starts, not the history (%s)', async (_, s) => {
    const text = await plan(cycleTimeStatement(resolve(s)));
    expect(text, text).toMatch(reads('issues_project_completed'));
    expect(text, text).toContain('issue_starts');
    expect(text, text).not.toMatch(/Seq Scan on issues|activities/);
  });

  it.each(SCOPES)('the workload counts open issues off the status index, assignee and priority included (%s)', async (_, s) => {
    for (const by of ['assignee', 'priority', 'status'] as const) {
      const text = await plan(workloadStatement(resolve(s), by));
      expect(text, `${by}\n${text}`).toMatch(reads(by === 'status' ? 'issues_project_status_\\w+' : 'issues_project_status_number'));
      expect(text, `${by}\n${text}`).not.toMatch(/Seq Scan on issues/);
    }
  });

  it.each(SCOPES)('the overdue trend reads issues with a due date off issues_due alone (%s)', async (_, s) => {
    const text = await plan(overdueStatement(resolve(s)));
    expect(text, text).toMatch(reads('issues_due'));
    expect(text, text).not.toMatch(/Seq Scan on issues/);
  });
});
