// One chart's answer as what the page draws: the chart's series, the table (what a screen reader
// reads, and what the chart shows in figures) and the CSV (the table's figures, raw). Pure: the words
// come in, so both languages are tested without a browser.
import type { InsightAnswer, InsightsResponse } from '@tracker/shared/api/insights';
import type { ChartModel, ChartSeries } from '../../components/chart/chart.ts';

export type { ChartModel, ChartSeries };

export interface Words {
  /** i18next's `t`, bound to the page's language. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** A day (`YYYY-MM-DD`) as the page's language writes it, short (a chart's axis) and whole (a table's row). */
  day: (date: string) => string;
  dayFull: (date: string) => string;
  /** Minutes as `1 h 30 min`. */
  duration: (minutes: number) => string;
  /** A number as the page's language writes it (one decimal at most). */
  number: (value: number) => string;
}

export interface TableModel {
  columns: string[];
  rows: string[][];
  /** Rows under the table's body (the cycle chart's medians and percentiles). */
  foot: string[][];
}

export interface InsightModel {
  chart: ChartModel;
  table: TableModel;
  csv: (string | number)[][];
  /** Lines above the chart that the figures alone do not say (medians, 85th percentiles). */
  notes: string[];
  /** Nothing was counted: the page says so instead of drawing empty axes. */
  empty: boolean;
}

const M = (metric: string, key: string) => `insights.metrics.${metric}.${key}`;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** Hours as days from two days up, as hours from one, else as minutes, with the language's plural. */
export function hoursText(hours: number, w: Words): string {
  if (hours < 1) return w.duration(Math.round(hours * 60));
  if (hours >= 48) return w.t('insights.days', { count: round1(hours / 24), value: w.number(round1(hours / 24)) });
  return w.t('insights.hours', { count: round1(hours), value: w.number(round1(hours)) });
}

export function modelOf(answer: InsightsResponse, w: Words): InsightModel {
  switch (answer.metric) {
    case 'created-resolved':
      return createdResolved(answer, w);
    case 'cycle-time':
      return cycleTime(answer, w);
    case 'workload':
      return workload(answer, w);
    case 'overdue':
      return overdue(answer, w);
    case 'time':
      return time(answer, w);
  }
}

function createdResolved(a: InsightAnswer<'created-resolved'>, w: Words): InsightModel {
  const [created, resolved] = [w.t(M(a.metric, 'created')), w.t(M(a.metric, 'resolved'))];
  return {
    chart: {
      kind: 'line',
      horizontal: false,
      integer: true,
      labels: a.rows.map((r) => w.day(r.week)),
      series: [
        { key: 'created', name: created, data: a.rows.map((r) => r.created) },
        { key: 'resolved', name: resolved, data: a.rows.map((r) => r.resolved) },
      ],
    },
    table: { columns: [w.t('insights.week'), created, resolved], rows: a.rows.map((r) => [w.dayFull(r.week), String(r.created), String(r.resolved)]), foot: [] },
    csv: [[w.t('insights.week'), created, resolved], ...a.rows.map((r) => [r.week, r.created, r.resolved])],
    notes: [],
    empty: a.rows.every((r) => r.created === 0 && r.resolved === 0),
  };
}

function cycleTime(a: InsightAnswer<'cycle-time'>, w: Words): InsightModel {
  const [cycle, lead] = [w.t(M(a.metric, 'cycle')), w.t(M(a.metric, 'lead'))];
  const note = (name: string, s: InsightAnswer<'cycle-time'>['cycleTime']) =>
    s.count && s.median !== null && s.p85 !== null
      ? `${w.t(M(a.metric, 'stat'), { name, median: hoursText(s.median, w), p85: hoursText(s.p85, w) })} (${w.t('insights.issues', { count: s.count })})`
      : w.t(M(a.metric, 'none'), { name });
  const stat = (key: 'median' | 'p85' | 'count') => {
    const pick = (s: InsightAnswer<'cycle-time'>['cycleTime']) => (key === 'count' ? s.count : s[key]);
    return [key === 'count' ? w.t(M(a.metric, 'count')) : w.t(M(a.metric, 'statRow'), { stat: w.t(M(a.metric, key)) }), pick(a.cycleTime), pick(a.leadTime)] as const;
  };
  const stats = [stat('median'), stat('p85'), stat('count')];
  const bucket = (b: string) => w.t(`${M(a.metric, 'buckets')}.${b}`);
  return {
    chart: {
      kind: 'bar',
      horizontal: false,
      integer: true,
      labels: a.rows.map((r) => bucket(r.bucket)),
      series: [
        { key: 'cycle', name: cycle, data: a.rows.map((r) => r.cycle) },
        { key: 'lead', name: lead, data: a.rows.map((r) => r.lead) },
      ],
    },
    table: {
      columns: [w.t(M(a.metric, 'bucket')), cycle, lead],
      rows: a.rows.map((r) => [bucket(r.bucket), String(r.cycle), String(r.lead)]),
      foot: stats.map(([name, c, l]) => [name, c === null ? '—' : w.number(c), l === null ? '—' : w.number(l)]),
    },
    csv: [[w.t(M(a.metric, 'bucket')), cycle, lead], ...a.rows.map((r) => [r.bucket, r.cycle, r.lead]), ...stats.map(([name, c, l]) => [name, c ?? '', l ?? ''])],
    notes: [note(cycle, a.cycleTime), note(lead, a.leadTime)],
    empty: a.leadTime.count === 0,
  };
}

function workload(a: InsightAnswer<'workload'>, w: Words): InsightModel {
  const label = (r: (typeof a.rows)[number]) =>
    a.by === 'priority' ? w.t(`issues.priority.${r.key}`) : r.key === 'none' ? w.t(M(a.metric, 'unassigned')) : r.label;
  const [key, open] = [w.t(`${M(a.metric, 'key')}.${a.by}`), w.t(M(a.metric, 'open'))];
  return {
    chart: { kind: 'bar', horizontal: true, integer: true, labels: a.rows.map(label), series: [{ key: 'open', name: open, data: a.rows.map((r) => r.open) }] },
    table: { columns: [key, open], rows: a.rows.map((r) => [label(r), String(r.open)]), foot: [] },
    csv: [[key, open], ...a.rows.map((r) => [label(r), r.open])],
    notes: [],
    empty: a.rows.every((r) => r.open === 0),
  };
}

function overdue(a: InsightAnswer<'overdue'>, w: Words): InsightModel {
  const name = w.t(M(a.metric, 'overdue'));
  return {
    chart: { kind: 'line', horizontal: false, integer: true, labels: a.rows.map((r) => w.day(r.week)), series: [{ key: 'overdue', name, data: a.rows.map((r) => r.overdue) }] },
    table: { columns: [w.t('insights.week'), name], rows: a.rows.map((r) => [w.dayFull(r.week), String(r.overdue)]), foot: [] },
    csv: [[w.t('insights.week'), name], ...a.rows.map((r) => [r.week, r.overdue])],
    notes: [],
    empty: a.rows.every((r) => r.overdue === 0),
  };
}

function time(a: InsightAnswer<'time'>, w: Words): InsightModel {
  const [key, spent, minutes] = [w.t(`${M(a.metric, 'key')}.${a.by}`), w.t(M(a.metric, 'time')), w.t(M(a.metric, 'minutes'))];
  return {
    // Hours on the axis: minutes would run into the thousands.
    chart: { kind: 'bar', horizontal: true, integer: false, labels: a.rows.map((r) => r.label), series: [{ key: 'time', name: w.t(M(a.metric, 'hours')), data: a.rows.map((r) => round1(r.minutes / 60)) }] },
    table: { columns: [key, spent], rows: a.rows.map((r) => [r.label, w.duration(r.minutes)]), foot: [] },
    csv: [[key, minutes], ...a.rows.map((r) => [r.label, r.minutes])],
    notes: [],
    empty: a.rows.length === 0,
  };
}
