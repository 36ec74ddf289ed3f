// A cycle page's counts on a varied history (issues moved in and out, back again, completed inside
// and after their time in the cycle), compared with the same counts written plainly in SQL over the
// issues' own completion times; and the statement's plan on enough issues that the planner has a
// choice: it reads the cycle's rows off its indexes, never the project's issues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@tracker/shared/dates';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { createProject, signUp } from '../projects/test-fixtures.ts';
import { cycleStatsStatement, cycleWithStats } from './cycle-stats.repository.ts';

const ZONE = 'Asia/Vladivostok';
let t: TestServer;
let projectId: number;
let userId: number;
const today = todayIn(ZONE);
// Two ended cycles and the current one, 14 days each, the current one 10 days in.
const starts = [addDays(today, -38), addDays(today, -24), addDays(today, -10)];
let cycleIds: number[];

beforeAll(async () => {
  t = await createTestServer();
  const me = await signUp(t);
  userId = me.id;
  const { project, statuses } = await createProject(me, { visibility: 'members' });
  projectId = project.id;
  cycleIds = [];
  for (const [n, start] of starts.entries()) {
    const [row] = await t.sql<{ id: number }>(`insert into cycles (project_id, number, starts_on, ends_on, time_zone) values (?, ?, ?::date, ?::date + 14, ?) returning id`, [projectId, n + 1, start, start, ZONE]);
    cycleIds.push(row!.id);
  }
  await t.sql(
    `insert into issues (project_id, number, title, status_id, reporter_id, sort_order, created_at)
     select ?, g, 'Issue ' || g, (?::int[])[1 + g % 4], ?, g, now() - interval '60 days' from generate_series(1, 4000) g`,
    [projectId, `{${statuses.map((s) => s.id).join(',')}}`, me.id],
  );
  // Memberships through the trigger, as every writer makes them: in, moved on, some back again.
  const [a, b, c] = cycleIds as [number, number, number];
  await t.sql(`update issues set cycle_id = ? where project_id = ? and number % 5 = 0`, [a, projectId]);
  await t.sql(`update issues set cycle_id = ? where project_id = ? and number % 10 = 0`, [b, projectId]);
  await t.sql(`update issues set cycle_id = ? where project_id = ? and number % 3 = 0`, [c, projectId]);
  await t.sql(`update issues set cycle_id = ? where project_id = ? and number % 30 = 0`, [b, projectId]);
  await t.sql(`update issues set cycle_id = ? where project_id = ? and number % 60 = 0`, [c, projectId]);
  // Each membership in its cycle's first days at varied hours, a second one in the same cycle later
  // (never overlapping the first), each ended 20–70 hours on if the issue moved on.
  await t.sql(
    `update cycle_issues ci set added_at = s.at, removed_at = case when ci.removed_at is not null then s.at + make_interval(hours => 20 + ci.issue_id % 50) end
       from (select m.id, (cy.starts_on::timestamp at time zone cy.time_zone) + make_interval(hours => (m.issue_id * 7) % 100 - 24 + 110 * (row_number() over (partition by m.issue_id, m.cycle_id order by m.id))::int - 110) as at
               from cycle_issues m join cycles cy on cy.id = m.cycle_id) s
      where s.id = ci.id`,
  );
  // Other projects' cycles, so that a cycle's rows are a small share of the table, as in a workspace.
  const other = await createProject(me, { visibility: 'members' });
  await t.sql(
    `with c as (insert into cycles (project_id, number, starts_on, ends_on, time_zone)
                select ?, n, ?::date - 14 * n, ?::date - 14 * n + 14, ? from generate_series(1, 40) n returning id)
     insert into cycle_issues (cycle_id, issue_id, added_at) select c.id, i.id, now() - interval '1 year' from c, issues i where i.project_id = ? and i.number % 4 = 0`,
    [other.project.id, starts[2], starts[2], ZONE, projectId],
  );
  // Completions through the trigger: inside a membership, after it, before the cycle, never.
  await t.sql(`update issues set completed_at = now() - make_interval(hours => (number * 13) % (40 * 24)) where project_id = ? and number % 4 <> 1`, [projectId]);
  await t.sql(`update issues set completed_at = null where project_id = ? and number % 8 = 2`, [projectId]);
  await t.sql('vacuum analyze issues, cycle_issues, cycles');
});
afterAll(() => t.close());

const stats = async (n: number) => (await cycleWithStats(t.orm.em.fork() as EntityManager, cycleIds[n]!, userId, new Date(), 6))!;

/** A day's scope and completed, written plainly: memberships open at the day's end, completed by then by the issue's own time. */
async function plainDay(cycleId: number, day: string) {
  const [row] = await t.sql<{ scope: number; completed: number }>(
    `select count(distinct ci.issue_id)::int as scope, count(distinct ci.issue_id) filter (where i.completed_at < b.at)::int as completed
       from (select (?::date + 1)::timestamp at time zone ? as at) b
       join cycle_issues ci on ci.cycle_id = ? and ci.added_at < b.at and (ci.removed_at is null or ci.removed_at >= b.at)
       join issues i on i.id = ci.issue_id`,
    [day, ZONE, cycleId],
  );
  return row!;
}

describe('a cycle page counts', () => {
  it('a burndown whose every day equals the plain count, and a velocity of the ended cycles as they ended', async () => {
    const current = await stats(2);
    expect(current).toMatchObject({ visibility: 'members', memberRole: 'owner', row: { id: cycleIds[2], starts_on: starts[2] } });
    expect(current.burndown.map((d) => d.date)).toEqual(Array.from({ length: 11 }, (_, k) => addDays(starts[2]!, k)));
    for (const d of current.burndown) expect(d, d.date).toEqual({ date: d.date, ...(await plainDay(cycleIds[2]!, d.date)) });
    expect(current.burndown.at(-1)!.scope).toBeGreaterThan(500);
    expect(current.burndown.some((d, k) => k > 0 && d.scope < current.burndown[k - 1]!.scope)).toBe(true);
    const ended = [0, 1].map((n) => ({ cycle_id: cycleIds[n], number: n + 1 }));
    expect(current.velocity).toMatchObject(ended);
    for (const [n, v] of current.velocity.entries()) expect(v).toMatchObject(await plainDay(cycleIds[n]!, addDays(starts[n]!, 13)));
    const [now] = await t.sql<{ n: number; done: number }>(`select count(*)::int as n, count(completed_at)::int as done from issues where cycle_id = ?`, [cycleIds[2]]);
    expect(current.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(now!.n);
    expect(current.byStatus.reduce((sum, s) => sum + s.completed, 0)).toBe(now!.done);
  });

  it('follows an issue completed and reopened after its memberships were written', async () => {
    const [issue] = await t.sql<{ id: number }>(`select id from issues where cycle_id = ? and completed_at is null limit 1`, [cycleIds[2]]);
    const before = (await stats(2)).burndown.at(-1)!;
    await t.sql(`update issues set completed_at = now() - interval '1 minute' where id = ?`, [issue!.id]);
    expect((await stats(2)).burndown.at(-1)).toEqual({ ...before, completed: before.completed + 1 });
    await t.sql(`update issues set completed_at = null where id = ?`, [issue!.id]);
    expect((await stats(2)).burndown.at(-1)).toEqual(before);
  });

  it('reads the cycle rows off their indexes, never the project issues', async () => {
    const { sql, params } = cycleStatsStatement(cycleIds[2]!, userId, new Date(), 6);
    const rows = await t.orm.em.fork().execute<{ 'QUERY PLAN': string }[]>(`explain ${sql}`, params);
    const text = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text, text).toMatch(/(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) cycle_issues_cycle\b/);
    expect(text, text).toMatch(/(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) issues_cycle\b/);
    expect(text, text).not.toMatch(/Seq Scan on (issues|cycle_issues)/);
  });
});
