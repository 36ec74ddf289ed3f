// Insights (issue 29, part 4): which issues a chart counts (the list's filters, under a saved view's,
// in a project or stream the viewer sees), over which days (the viewer's weeks), and the answer's
// shape. The counting is SQL, in insights.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DURATION_BUCKETS,
  INSIGHT_METRICS,
  INSIGHTS_DEFAULT_WEEKS,
  INSIGHTS_MAX_DAYS,
  insightsQuerySchema,
  TIME_GROUPS,
  WORKLOAD_GROUPS,
  type InsightAnswer,
  type InsightMetric,
  type InsightsResponse,
} from '@tracker/shared/api/insights';
import { PRIORITIES } from '@tracker/shared/api/issues';
import { addDays, daysBetween, startOfWeek, startOfWeeksBack, todayIn, weekStart } from '@tracker/shared/dates';
import { DomainError, fieldError } from '@tracker/shared/domain-errors';
import type { z } from 'zod';
import type { IssueFilterQuery } from '../issues/issue-filters.repository.ts';
import { visibleSavedView } from '../issues/view.service.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { requireStream } from '../streams/stream.service.ts';
import { viewerDay } from '../users/user-day.repository.ts';
import { createdResolvedRows, cycleTimeRow, overdueRows, timeRows, workloadRows, type InsightScope } from './insights.repository.ts';

type Query = z.output<typeof insightsQuerySchema>;
const filterSchema = insightsQuerySchema.omit({ view: true, from: true, to: true, by: true });

/**
 * The filters a chart counts under: a saved view's stored ones with the query's own over them (a
 * query's `assignee` replaces the view's), in a project and stream the viewer can see: an unknown
 * or invisible view, project or stream is a 404, as everywhere in the API.
 */
async function chartFilters(em: EntityManager, viewer: Viewer, q: Query): Promise<IssueFilterQuery> {
  const { view, from: _from, to: _to, by: _by, ...own } = q;
  let filters: IssueFilterQuery = own;
  if (view !== undefined) {
    const saved = await visibleSavedView(em, viewer, view);
    // A view's query was stored as text pairs; one that no longer reads as filters is refused, not guessed at.
    const stored = filterSchema.safeParse(saved.query);
    if (!stored.success) throw fieldError('view', 'validation.invalid');
    filters = { ...stored.data, ...own };
  }
  // By id from here: the list's index on (project_id, …) serves an equality, not a key's subselect.
  if (filters.project !== undefined) filters = Object.assign({}, filters, { project: (await requireProject(em, viewer, filters.project, 'project.view')).project.id });
  if (filters.stream !== undefined) await requireStream(em, viewer, Number(filters.stream));
  return filters;
}

/**
 * The days a chart covers: `from`…`to`, by default the last 12 weeks to today (the current week
 * included) in the viewer's time zone, their weeks starting on their language's first day.
 */
async function chartRange(em: EntityManager, viewer: Viewer, q: Pick<Query, 'from' | 'to'>): Promise<Pick<InsightScope, 'from' | 'to' | 'firstWeek' | 'weeks' | 'timeZone'>> {
  const { timeZone, locale } = await viewerDay(em, viewer);
  const first = weekStart(locale);
  const to = q.to ?? todayIn(timeZone);
  const from = q.from ?? startOfWeeksBack(to, INSIGHTS_DEFAULT_WEEKS, first);
  if (from > to) throw fieldError(q.to ? 'to' : 'from', 'validation.dueBeforeStart');
  if (daysBetween(from, to) > INSIGHTS_MAX_DAYS) throw fieldError('to', 'validation.rangeTooLong');
  const firstWeek = startOfWeek(from, first);
  return { from, to, firstWeek, weeks: daysBetween(firstWeek, startOfWeek(to, first)) / 7 + 1, timeZone };
}

/** The chart the path names; another is a 400 whose message lists the charts there are. */
export function insightMetric(name: string | undefined): InsightMetric {
  if ((INSIGHT_METRICS as readonly (string | undefined)[]).includes(name)) return name as InsightMetric;
  const key = 'validation.unknownMetric';
  throw new DomainError('invalid', { key, data: { issues: [{ path: ['metric'], message: key, code: 'custom' }] } });
}

const weekOf = (s: InsightScope, n: number) => addDays(s.firstWeek, 7 * n);
const hours = (value: number | string | null | undefined) => (value == null ? null : Math.round(Number(value) * 10) / 10);

/** The answer of one chart, `metric`, for the query. */
export async function insight(em: EntityManager, viewer: Viewer, metric: InsightMetric, q: Query): Promise<InsightsResponse> {
  const groups: readonly string[] = metric === 'workload' ? WORKLOAD_GROUPS : metric === 'time' ? TIME_GROUPS : [];
  if (q.by !== undefined && !groups.includes(q.by)) throw fieldError('by', 'validation.invalid');
  const filters = await chartFilters(em, viewer, q);
  const scope: InsightScope = { viewer, filters, ...(await chartRange(em, viewer, q)) };
  const range = { from: scope.from, to: scope.to };
  switch (metric) {
    case 'created-resolved':
      return { metric, ...range, rows: await createdResolved(em, scope) };
    case 'cycle-time':
      return { metric, ...range, ...(await cycleTime(em, scope)) };
    case 'workload': {
      const by = (q.by ?? WORKLOAD_GROUPS[0]) as (typeof WORKLOAD_GROUPS)[number];
      return { metric, by, ...range, rows: await workload(em, scope, by) };
    }
    case 'overdue':
      return { metric, ...range, rows: await overdueTrend(em, scope) };
    case 'time': {
      const by = (q.by ?? TIME_GROUPS[0]) as (typeof TIME_GROUPS)[number];
      return { metric, by, ...range, rows: await timeRows(em, scope, by) };
    }
  }
}

async function createdResolved(em: EntityManager, s: InsightScope): Promise<InsightAnswer<'created-resolved'>['rows']> {
  const rows = Array.from({ length: s.weeks }, (_, n) => ({ week: weekOf(s, n), created: 0, resolved: 0 }));
  for (const r of await createdResolvedRows(em, s)) {
    const row = rows[r.week];
    if (row) row[r.kind] = r.n;
  }
  return rows;
}

async function cycleTime(em: EntityManager, s: InsightScope): Promise<Pick<InsightAnswer<'cycle-time'>, 'cycleTime' | 'leadTime' | 'rows'>> {
  const r = await cycleTimeRow(em, s);
  const stats = (n: number, q: (number | string)[] | null) => ({ median: hours(q?.[0]), p85: hours(q?.[1]), count: n });
  return {
    cycleTime: stats(r.cycle_n, r.cycle_q),
    leadTime: stats(r.lead_n, r.lead_q),
    rows: DURATION_BUCKETS.map((bucket, b) => ({ bucket, cycle: r.cycle_buckets[b] ?? 0, lead: r.lead_buckets[b] ?? 0 })),
  };
}

/** Priorities in order of urgency, none last, every one present: the chart's bars stay put between filters. */
const PRIORITY_ORDER = [...PRIORITIES.filter((p) => p !== 'none'), 'none'];

async function workload(em: EntityManager, s: InsightScope, by: (typeof WORKLOAD_GROUPS)[number]): Promise<InsightAnswer<'workload'>['rows']> {
  const rows = await workloadRows(em, s, by);
  if (by !== 'priority') return rows;
  const open = new Map(rows.map((r) => [r.key, r.open]));
  return PRIORITY_ORDER.map((key) => ({ key, label: '', open: open.get(key) ?? 0 }));
}

async function overdueTrend(em: EntityManager, s: InsightScope): Promise<InsightAnswer<'overdue'>['rows']> {
  const delta = new Map((await overdueRows(em, s)).map((r) => [r.week, r.delta]));
  let overdue = 0;
  return Array.from({ length: s.weeks }, (_, n) => ({ week: weekOf(s, n), overdue: (overdue += delta.get(n) ?? 0) }));
}
