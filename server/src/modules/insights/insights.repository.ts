// The insights charts' statements: each aggregates in PostgreSQL the issues the list's own filter
// builder selects (issues/issue-filters.repository.ts, the visibility rule first), so a chart costs
// one statement whatever the number of issues. SQL text, as the list's: insights-plan.test.ts
// EXPLAINs these statements as they are built. The service (insights.ts) owns the rules and the
// weeks' dates; rows come back sparse, by week number.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DURATION_BUCKET_EDGES_DAYS } from '@tracker/shared/api/insights';
import { PRIORITIES } from '@tracker/shared/api/issues';
import { givenDay, localDateOf, localDayStart, type SqlPart } from '../../db/local-date.ts';
import { issueFilters, type IssueFilterQuery } from '../issues/issue-filters.repository.ts';
import type { Viewer } from '../projects/project-access.ts';

/** What every chart counts over: the filtered issues, days `from`…`to`, and the weeks that hold them. */
export interface InsightScope {
  viewer: Viewer;
  filters: IssueFilterQuery;
  from: string;
  to: string;
  /** The first day of the week that holds `from`: week 0. */
  firstWeek: string;
  /** How many weeks, `from`'s to `to`'s. */
  weeks: number;
  /** The viewer's time zone: an instant's day, and a day's first instant, are theirs. */
  timeZone: string;
}

export type SqlStatement = SqlPart;

type Piece = SqlPart | string | number | null;
const isPart = (p: Piece): p is SqlPart => typeof p === 'object' && p !== null;
/** SQL text of this file's own (a column, a literal), joined as it is. */
const raw = (sql: string): SqlPart => ({ sql, params: [] });

/** SQL text with its values in order: a `SqlPart` joins as it is, any other value as a bound `?`. */
function statement(strings: TemplateStringsArray, ...pieces: Piece[]): SqlStatement {
  let sql = strings[0]!;
  const params: unknown[] = [];
  pieces.forEach((piece, n) => {
    if (isPart(piece)) {
      sql += piece.sql;
      params.push(...piece.params);
    } else {
      sql += '?';
      params.push(piece);
    }
    sql += strings[n + 1]!;
  });
  return { sql, params };
}

const zoneOf = (s: InsightScope): SqlPart => ({ sql: '?::text', params: [s.timeZone] });
const where = (s: InsightScope): SqlPart => {
  const f = issueFilters(s.viewer, s.filters);
  return { sql: f.where.join(' and '), params: f.params };
};
/** The first instant of `from` and of the day after `to`, in the viewer's zone: the range on a timestamp column. */
const rangeStart = (s: InsightScope) => localDayStart(givenDay(s.from), zoneOf(s));
// The day after in SQL: after 9999-12-31 there is a day for PostgreSQL, not for an ISO string.
const rangeEnd = (s: InsightScope) => localDayStart({ sql: '(?::date + 1)', params: [s.to] }, zoneOf(s));
/** The first instant of each week, week 0 first, for `width_bucket`: week n is bucket n + 1. */
const weekEdges = (s: InsightScope): SqlPart =>
  statement`array(select d at time zone ${zoneOf(s)} from generate_series(${s.firstWeek}::timestamp, ${s.firstWeek}::timestamp + make_interval(days => 7 * (${s.weeks}::int - 1)), interval '7 days') d)`;
const OPEN = `i.status_id in (select id from statuses where category not in ('completed', 'canceled'))`;

/** Issues created, and issues completed, per week of the range: `[kind, week, count]`, weeks with none left out. */
export function createdResolvedStatement(s: InsightScope): SqlStatement {
  const count = (column: 'i.created_at' | 'i.completed_at', kind: 'created' | 'resolved') => statement`
    select ${raw(`'${kind}'`)} as kind, width_bucket(${raw(column)}, ${weekEdges(s)}) - 1 as week, count(*)::int as n
      from issues i join projects p on p.id = i.project_id
     where ${where(s)} and ${raw(column)} >= ${rangeStart(s)} and ${raw(column)} < ${rangeEnd(s)}
     group by 2`;
  return statement`${count('i.created_at', 'created')} union all ${count('i.completed_at', 'resolved')}`;
}

export async function createdResolvedRows(em: EntityManager, s: InsightScope) {
  const st = createdResolvedStatement(s);
  return em.execute<{ kind: 'created' | 'resolved'; week: number; n: number }[]>(st.sql, st.params);
}

/**
 * Lead time (created → completed) and cycle time (first in a `started` status → completed, from
 * `issue_starts`) in hours, of the issues completed in the range: for each, the count, the median
 * and 85th percentile, and the count per duration bucket (0…7), in one row read in one pass (a
 * materialised set read four times, for two percentiles and two groupings, cost twice as much).
 */
export function cycleTimeStatement(s: InsightScope): SqlStatement {
  const edges = `{${DURATION_BUCKET_EDGES_DAYS.map((d) => d * 24).join(',')}}`;
  const buckets = (column: string) => `array[${Array.from({ length: DURATION_BUCKET_EDGES_DAYS.length + 1 }, (_, b) => `count(*) filter (where ${column} = ${b})`).join(', ')}]::int[]`;
  return statement`
    with t as materialized (
      select extract(epoch from i.completed_at - i.created_at)::float8 / 3600 as lead,
             extract(epoch from i.completed_at - st.started_at)::float8 / 3600 as cycle
        from issues i join projects p on p.id = i.project_id
        left join issue_starts st on st.issue_id = i.id and st.started_at <= i.completed_at
       where ${where(s)} and i.completed_at >= ${rangeStart(s)} and i.completed_at < ${rangeEnd(s)}),
    d as materialized (select t.lead, t.cycle, width_bucket(t.lead, ${edges}::float8[]) as lead_bucket, width_bucket(t.cycle, ${edges}::float8[]) as cycle_bucket from t)
    select count(*)::int as lead_n, percentile_cont(array[0.5, 0.85]) within group (order by d.lead) as lead_q, ${raw(buckets('d.lead_bucket'))} as lead_buckets,
           count(d.cycle)::int as cycle_n, percentile_cont(array[0.5, 0.85]) within group (order by d.cycle) as cycle_q, ${raw(buckets('d.cycle_bucket'))} as cycle_buckets
      from d`;
}

export interface CycleTimeRow {
  lead_n: number;
  lead_q: (number | string)[] | null;
  lead_buckets: number[];
  cycle_n: number;
  cycle_q: (number | string)[] | null;
  cycle_buckets: number[];
}

export async function cycleTimeRow(em: EntityManager, s: InsightScope): Promise<CycleTimeRow> {
  const st = cycleTimeStatement(s);
  const [row] = await em.execute<CycleTimeRow[]>(st.sql, st.params);
  return row!;
}

export type WorkloadGroup = 'assignee' | 'priority' | 'status';

/**
 * Open issues (not completed, not canceled) now, by assignee (`u<id>` or `none`, with the name), by
 * priority (its name), or by status name (projects' statuses of one name are one group, in the order
 * of their category and position). Ranges do not apply: it is today's load.
 */
export function workloadStatement(s: InsightScope, by: WorkloadGroup): SqlStatement {
  const from = statement`from issues i join projects p on p.id = i.project_id`;
  if (by === 'assignee') {
    return statement`
      select coalesce('u' || i.assignee_id, 'none') as key, coalesce(min(u.name), '') as label, count(*)::int as open
        ${from} left join users u on u.id = i.assignee_id
       where ${where(s)} and ${raw(OPEN)}
       group by i.assignee_id order by 3 desc, 2, 1`;
  }
  if (by === 'priority') {
    return statement`
      select (${`{${PRIORITIES.join(',')}}`}::text[])[i.priority + 1] as key, '' as label, count(*)::int as open
        ${from}
       where ${where(s)} and ${raw(OPEN)}
       group by i.priority`;
  }
  return statement`
    select s.name as key, s.name as label, count(*)::int as open
      ${from} join statuses s on s.id = i.status_id
     where ${where(s)} and s.category not in ('completed', 'canceled')
     group by s.name
     order by min(array_position(array['triage', 'backlog', 'unstarted', 'started']::text[], s.category::text)), min(s.position), s.name`;
}

export async function workloadRows(em: EntityManager, s: InsightScope, by: WorkloadGroup) {
  const st = workloadStatement(s, by);
  return em.execute<{ key: string; label: string; open: number }[]>(st.sql, st.params);
}

/**
 * The overdue trend: at the end of each week (the range's last day for the last week), the issues
 * open then whose due date had passed (`isOverdueOn(due, that day)`: due strictly before it), as a
 * change per week (`delta`) that the service sums. An issue counts from the week of the later of the
 * day after its due date and its creation day, until the week it was completed; canceled issues are
 * left out (they were not late, they were dropped), and one reopened counts as open since creation.
 * Each issue is read once, whatever the number of weeks.
 */
export function overdueStatement(s: InsightScope): SqlStatement {
  const created = localDateOf('i.created_at', zoneOf(s));
  const completed = localDateOf('i.completed_at', zoneOf(s));
  return statement`
    with spans as (
      select greatest(0, (greatest(i.due_date + 1, ${created}) - ${s.firstWeek}::date) / 7) as first,
             case when i.completed_at is null or ${completed} > ${s.to}::date then ${s.weeks}::int
                  else greatest(0, (${completed} - ${s.firstWeek}::date) / 7) end as past
        from issues i join projects p on p.id = i.project_id
       where ${where(s)} and i.due_date < ${s.to}::date and i.created_at < ${rangeEnd(s)}
         and (i.completed_at is null or i.completed_at >= ${localDayStart(givenDay(s.firstWeek), zoneOf(s))})
         and i.status_id not in (select id from statuses where category = 'canceled'))
    select week, sum(delta)::int as delta
      from (select first as week, 1 as delta from spans where first < past
            union all
            select past, -1 from spans where first < past and past < ${s.weeks}::int) changes
     group by week`;
}

export async function overdueRows(em: EntityManager, s: InsightScope) {
  const st = overdueStatement(s);
  return em.execute<{ week: number; delta: number }[]>(st.sql, st.params);
}

export type TimeGroup = 'person' | 'project';

/** Minutes logged on days of the range on the filtered issues, by who logged them or by project, most first. */
export function timeStatement(s: InsightScope, by: TimeGroup): SqlStatement {
  const [key, label, group] = by === 'person' ? [`'u' || te.user_id`, 'u.name', 'te.user_id, u.name'] : [`'p' || p.id`, 'p.name', 'p.id, p.name'];
  return statement`
    select ${raw(key)} as key, ${raw(label)} as label, sum(te.minutes)::int as minutes
      from time_entries te
      join issues i on i.id = te.issue_id
      join projects p on p.id = i.project_id
      join users u on u.id = te.user_id
     where ${where(s)} and te.date >= ${s.from}::date and te.date <= ${s.to}::date
     group by ${raw(group)}
     order by 3 desc, 2, 1`;
}

export async function timeRows(em: EntityManager, s: InsightScope, by: TimeGroup) {
  const st = timeStatement(s, by);
  return em.execute<{ key: string; label: string; minutes: number }[]>(st.sql, st.params);
}
