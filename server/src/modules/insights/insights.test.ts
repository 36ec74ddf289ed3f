// Each chart's table against a count written here in plain SQL over the seeded rows (not the
// repository's statements): created and resolved per week, cycle and lead times (cycle starts read
// from the activity history itself, not from issue_starts), open issues by group, the overdue
// trend, and time logged; in the viewer's time zone, with the list's filters, a saved view and a
// stream; never counting a project the viewer cannot see. The input the API refuses: insights-input.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHT_METRICS, insightsResponseSchema, type InsightAnswer } from '@tracker/shared/api/insights';
import { addDays, startOfWeeksBack, todayIn } from '@tracker/shared/dates';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

const ZONE = 'Asia/Vladivostok';
const FROM = '2026-01-05';
const TO = '2026-03-29';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let mine: Awaited<ReturnType<typeof createProject>>;
let theirs: Awaited<ReturnType<typeof createProject>>;
let streamId: number;

const statusOf = (p: typeof mine, category: string) => p.statuses.find((s) => s.category === category)!.id;

/**
 * `count` issues in project `p` over 110 days from 2025-12-20, hours apart so that some fall on
 * either side of a local midnight: a fifth still in backlog, the rest moved through the workflow
 * with status changes in the activity history — into a started status and on to done, born in a
 * started status, straight from backlog to done, canceled — and due dates before and after.
 */
async function seed(p: typeof mine, count: number, people: (number | null)[]) {
  const [backlog, todo, started, done, canceled] = ['backlog', 'unstarted', 'started', 'completed', 'canceled'].map((c) => statusOf(p, c));
  await t.sql(
    `insert into issues (project_id, number, title, status_id, priority, assignee_id, due_date, created_at, completed_at)
     select ?, g, 'Issue ' || g,
            (array[?, ?, ?, ?, ?]::int[])[1 + g % 5],
            g % 5,
            (?::int[])[1 + g % ?],
            case when g % 3 = 0 then null else date '2025-12-20' + (g * 13) % 120 end,
            timestamptz '2025-12-20 00:00+00' + make_interval(hours => g * 6 + g % 7),
            case when g % 5 = 3 then timestamptz '2025-12-20 00:00+00' + make_interval(hours => g * 6 + g % 7 + 5 + (g * 37) % 900) end
       from generate_series(1, ?) g`,
    [p.project.id, backlog, todo, started, done, canceled, `{${people.map((x) => x ?? 'NULL').join(',')}}`, people.length, count],
  );
  await t.sql(`update projects set issue_counter = ? where id = ?`, [count, p.project.id]);
  const change = (where: string, from: string, to: string, at: string) =>
    t.sql(
      `insert into activities (issue_id, project_id, action, field, old_value, new_value, created_at)
       select id, project_id, 'updated', 'statusId', to_jsonb(${from}), to_jsonb(${to}), ${at} from issues where project_id = ? and ${where}`,
      [p.project.id],
    );
  // Todo → in progress, for those in progress now and most of those done; the rest of the done were
  // born in progress (their first change leaves it) or went from backlog straight to done.
  await change(`status_id = ${started} or (status_id = ${done} and number % 4 <> 0 and number % 4 <> 1)`, String(todo), String(started), 'created_at + interval \'3 hours\'');
  await change(`status_id = ${done} and number % 4 <> 0`, String(started), String(done), 'completed_at');
  await change(`status_id = ${done} and number % 4 = 0`, String(backlog), String(done), 'completed_at');
  await change(`status_id = ${canceled}`, String(todo), String(canceled), 'created_at + interval \'1 day\'');
}

beforeAll(async () => {
  t = await createTestServer();
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  outsider = await signUp(t, { name: 'Outsider' });
  await t.sql(`insert into notification_settings (user_id, time_zone) values (?, ?) on conflict (user_id) do update set time_zone = excluded.time_zone`, [owner.id, ZONE]);
  mine = await createProject(owner, { visibility: 'members' });
  theirs = await createProject(outsider, { visibility: 'members' });
  await addMember(owner, mine.project.id, member, 'member');
  await seed(mine, 440, [owner.id, member.id, null]);
  await seed(theirs, 200, [outsider.id]);
  await t.sql(`insert into time_entries (issue_id, user_id, minutes, date)
    select i.id, (array[?, ?]::int[])[1 + (i.number / 4) % 2], 15 + i.number % 60, date '2025-12-28' + i.number % 100 from issues i where i.number % 4 = 1`, [owner.id, member.id]);
  await t.sql(`update time_entries te set user_id = ? from issues i where i.id = te.issue_id and i.project_id = ?`, [outsider.id, theirs.project.id]);
  const stream = await owner.client.post('/api/streams', { name: 'Insights stream' });
  streamId = stream.body.stream.id;
  await t.sql(`insert into issue_streams (issue_id, stream_id) select id, ? from issues where number % 6 = 0`, [streamId]);
});
afterAll(() => t.close());

async function chart<M extends (typeof INSIGHT_METRICS)[number]>(metric: M, query: Record<string, string | number> = {}, user = owner): Promise<InsightAnswer<M>> {
  const qs = new URLSearchParams(Object.entries({ from: FROM, to: TO, ...query }).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await user.client.get(`/api/insights/${metric}?${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return insightsResponseSchema.parse(res.body) as InsightAnswer<M>;
}

const local = (column: string) => `(${column} at time zone '${ZONE}')::date`;
const n = async (sql: string, params: unknown[] = []) => (await t.sql<{ n: number }>(sql, params))[0]!.n;
const weeks = Array.from({ length: 12 }, (_, k) => addDays(FROM, 7 * k));
/** The project's issues, narrowed by `and`: the projects the owner sees are theirs alone. */
const scope = (and = 'true') => `from issues i where i.project_id = ${mine.project.id} and (${and})`;

describe('insights: each chart equals a count written in SQL', () => {
  it('counts created and resolved issues per week of the viewer’s time zone, in projects they see only', async () => {
    const answer = await chart('created-resolved');
    expect(answer).toMatchObject({ from: FROM, to: TO });
    expect(answer.rows.map((r) => r.week)).toEqual(weeks);
    for (const [k, week] of weeks.entries()) {
      const end = addDays(week, 6);
      const created = await n(`select count(*)::int as n ${scope()} and ${local('i.created_at')} between ?::date and ?::date`, [week, end]);
      const resolved = await n(`select count(*)::int as n ${scope()} and ${local('i.completed_at')} between ?::date and ?::date`, [week, end]);
      expect(answer.rows[k], week).toEqual({ week, created, resolved });
    }
    expect(answer.rows.reduce((s, r) => s + r.created, 0)).toBeGreaterThan(100);
    expect(answer.rows.reduce((s, r) => s + r.resolved, 0)).toBeGreaterThan(20);
    // The other project's issues are there, and not counted: its owner sees theirs.
    const all = await n(`select count(*)::int as n from issues where ${local('created_at')} between ?::date and ?::date`, [FROM, TO]);
    expect(all).toBeGreaterThan(answer.rows.reduce((s, r) => s + r.created, 0));
    // In their time zone, which is the default one: they have chosen none.
    const theirsAnswer = await chart('created-resolved', {}, outsider);
    expect(theirsAnswer.rows.reduce((s, r) => s + r.created, 0)).toBe(
      await n(`select count(*)::int as n from issues where project_id = ? and (created_at at time zone ?)::date between ?::date and ?::date`, [theirs.project.id, DEFAULT_TIME_ZONE, FROM, TO]),
    );
  });

  it('counts a range that starts and ends inside a week from its first day to its last', async () => {
    const answer = await chart('created-resolved', { from: '2026-01-07', to: '2026-03-25' });
    expect(answer.rows[0]!.week).toBe('2026-01-05');
    expect(answer.rows.at(-1)!.week).toBe('2026-03-23');
    expect(answer.rows[0]!.created).toBe(await n(`select count(*)::int as n ${scope()} and ${local('i.created_at')} between '2026-01-07' and '2026-01-11'`));
    expect(answer.rows.at(-1)!.created).toBe(await n(`select count(*)::int as n ${scope()} and ${local('i.created_at')} between '2026-03-23' and '2026-03-25'`));
  });

  it('gives cycle and lead time medians, 85th percentiles and buckets of the issues completed in the range', async () => {
    const answer = await chart('cycle-time');
    // Lead: created → completed. Cycle: first in a started status → completed, from the history:
    // the issue's creation when its first status change left a started status, else its first change into one.
    const rows = await t.sql<{ lead: number; cycle: number | null }>(
      `select extract(epoch from i.completed_at - i.created_at) / 3600 as lead,
              extract(epoch from i.completed_at - case
                when (select s.category from activities a join statuses s on to_jsonb(s.id) = a.old_value
                       where a.issue_id = i.id and a.field = 'statusId' order by a.id limit 1) = 'started' then i.created_at
                else (select min(a.created_at) from activities a join statuses s on to_jsonb(s.id) = a.new_value
                       where a.issue_id = i.id and a.field = 'statusId' and s.category = 'started') end) / 3600 as cycle
         ${scope(`${local('i.completed_at')} between '${FROM}' and '${TO}'`)}`,
    );
    const leads = rows.map((r) => Number(r.lead));
    const cycles = rows.filter((r) => r.cycle !== null).map((r) => Number(r.cycle));
    expect(cycles.length).toBeGreaterThan(10);
    expect(cycles.length).toBeLessThan(leads.length);
    const stats = (values: number[]) => ({ median: round(percentile(values, 0.5)), p85: round(percentile(values, 0.85)), count: values.length });
    expect(answer.leadTime).toEqual(stats(leads));
    expect(answer.cycleTime).toEqual(stats(cycles));
    const days = [1, 2, 4, 7, 14, 30, 60];
    const bucket = (h: number) => days.filter((d) => h >= d * 24).length;
    expect(answer.rows.map((r) => r.bucket)).toEqual(['0-1', '1-2', '2-4', '4-7', '7-14', '14-30', '30-60', '60+']);
    expect(answer.rows.map((r) => r.lead)).toEqual(days.concat(Infinity).map((_, b) => leads.filter((h) => bucket(h) === b).length));
    expect(answer.rows.map((r) => r.cycle)).toEqual(days.concat(Infinity).map((_, b) => cycles.filter((h) => bucket(h) === b).length));
  });

  it('counts open issues by assignee, priority and status, whatever the range', async () => {
    const open = `i.status_id in (select id from statuses where category not in ('completed', 'canceled'))`;
    const byAssignee = await chart('workload');
    expect(byAssignee.by).toBe('assignee');
    const people = await t.sql<{ key: string; open: number }>(`select coalesce('u' || i.assignee_id, 'none') as key, count(*)::int as open ${scope(open)} group by 1`);
    expect(new Map(byAssignee.rows.map((r) => [r.key, r.open]))).toEqual(new Map(people.map((r) => [r.key, r.open])));
    expect(byAssignee.rows.find((r) => r.key === `u${member.id}`)!.label).toBe('Member');
    expect(byAssignee.rows.map((r) => r.open)).toEqual([...byAssignee.rows.map((r) => r.open)].sort((a, b) => b - a));

    const byPriority = await chart('workload', { by: 'priority' });
    expect(byPriority.rows.map((r) => r.key)).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
    for (const [value, key] of ['none', 'urgent', 'high', 'medium', 'low'].entries()) {
      expect(byPriority.rows.find((r) => r.key === key)!.open, key).toBe(await n(`select count(*)::int as n ${scope(`${open} and i.priority = ${value}`)}`));
    }

    const byStatus = await chart('workload', { by: 'status', from: '2020-01-01', to: '2020-01-31' });
    const statuses = await t.sql<{ key: string; open: number }>(
      `select s.name as key, count(*)::int as open from issues i join statuses s on s.id = i.status_id where i.project_id = ? and ${open} group by 1`,
      [mine.project.id],
    );
    expect(byStatus.rows.map((r) => r.key)).toEqual(mine.statuses.filter((s) => statuses.some((x) => x.key === s.name)).map((s) => s.name));
    expect(new Map(byStatus.rows.map((r) => [r.key, r.open]))).toEqual(new Map(statuses.map((r) => [r.key, r.open])));
  });

  it('counts at each week’s end the issues open then and past their due date', async () => {
    const answer = await chart('overdue');
    expect(answer.rows.map((r) => r.week)).toEqual(weeks);
    for (const [k, week] of weeks.entries()) {
      const day = addDays(week, 6) < TO ? addDays(week, 6) : TO;
      const overdue = await n(
        `select count(*)::int as n ${scope(`i.status_id not in (select id from statuses where category = 'canceled')`)}
           and i.due_date < ?::date and ${local('i.created_at')} <= ?::date and (i.completed_at is null or ${local('i.completed_at')} > ?::date)`,
        [day, day, day],
      );
      expect(answer.rows[k], week).toEqual({ week, overdue });
    }
    expect(answer.rows.some((r) => r.overdue > 0)).toBe(true);
  });

  it('sums the minutes logged in the range by person and by project', async () => {
    const byPerson = await chart('time');
    const people = await t.sql<{ key: string; minutes: number }>(
      `select 'u' || te.user_id as key, sum(te.minutes)::int as minutes from time_entries te join issues i on i.id = te.issue_id
        where i.project_id = ? and te.date between ? and ? group by 1 order by 2 desc`,
      [mine.project.id, FROM, TO],
    );
    expect(byPerson.rows.map((r) => ({ key: r.key, minutes: r.minutes }))).toEqual(people);
    expect(byPerson.rows.map((r) => r.label).sort()).toEqual(['Member', 'Owner']);
    const byProject = await chart('time', { by: 'project' });
    expect(byProject.rows).toEqual([{ key: `p${mine.project.id}`, label: 'Project', minutes: people.reduce((s, r) => s + r.minutes, 0) }]);
    expect(await n(`select count(*)::int as n from time_entries where user_id = ?`, [outsider.id])).toBeGreaterThan(0);
  });
});

describe('insights: filters, views and streams', () => {
  it('applies the list’s filters', async () => {
    const answer = await chart('created-resolved', { priority: 'urgent,high', assignee: 'me' });
    const created = await n(`select count(*)::int as n ${scope(`i.priority in (1, 2) and i.assignee_id = ${owner.id}`)} and ${local('i.created_at')} between ? and ?`, [FROM, TO]);
    expect(answer.rows.reduce((s, r) => s + r.created, 0)).toBe(created);
    expect(created).toBeGreaterThan(0);
    const byProject = await chart('workload', { project: mine.project.key, by: 'priority' });
    expect(byProject).toEqual(await chart('workload', { by: 'priority' }));
  });

  it('applies a saved view’s filters, the query’s own over them', async () => {
    const view = await owner.client.post('/api/views', { name: 'Urgent', query: { priority: 'urgent', assignee: 'none' } });
    expect(view.status).toBe(201);
    const id = view.body.view.id as number;
    expect(await chart('overdue', { view: id })).toEqual(await chart('overdue', { priority: 'urgent', assignee: 'none' }));
    expect(await chart('overdue', { view: id, assignee: 'me' })).toEqual(await chart('overdue', { priority: 'urgent', assignee: 'me' }));
    // Someone else's personal view does not exist for them.
    expect((await member.client.get(`/api/insights/overdue?view=${id}`)).status).toBe(404);
  });

  it('counts a stream’s issues', async () => {
    const answer = await chart('created-resolved', { stream: streamId });
    const created = await n(`select count(*)::int as n ${scope(`i.id in (select issue_id from issue_streams where stream_id = ${streamId})`)} and ${local('i.created_at')} between ? and ?`, [FROM, TO]);
    expect(answer.rows.reduce((s, r) => s + r.created, 0)).toBe(created);
    expect(created).toBeGreaterThan(0);
  });

  it('takes the last 12 weeks to today in the viewer’s time zone when no range is given', async () => {
    const res = await owner.client.get('/api/insights/created-resolved');
    const answer = insightsResponseSchema.parse(res.body) as InsightAnswer<'created-resolved'>;
    const today = todayIn(ZONE);
    expect({ from: answer.from, to: answer.to }).toEqual({ from: startOfWeeksBack(today, 12, 1), to: today });
    expect(answer.rows).toHaveLength(12);
  });

  it('starts cycle time when an issue made through the API first enters a started status', async () => {
    const created = await owner.client.post('/api/issues', { projectId: mine.project.id, title: 'Through the API' });
    const ref = created.body.issue.id as number;
    for (const category of ['started', 'unstarted', 'started', 'completed']) {
      expect((await owner.client.request('PATCH', `/api/issues/${ref}`, { json: { statusId: statusOf(mine, category) } })).status).toBe(200);
    }
    const [start] = await t.sql<{ started: string; first: string }>(
      `select s.started_at::text as started, (select min(created_at) from activities where issue_id = ? and field = 'statusId')::text as first from issue_starts s where s.issue_id = ?`,
      [ref, ref],
    );
    expect(start!.started).toBe(start!.first);
  });
});

function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const lo = Math.floor(at);
  return sorted[lo]! + (sorted[Math.min(lo + 1, sorted.length - 1)]! - sorted[lo]!) * (at - lo);
}
const round = (h: number | null) => (h === null ? null : Math.round(h * 10) / 10);
