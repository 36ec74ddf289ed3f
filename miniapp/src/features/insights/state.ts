// The insights page's state lives in the URL (shareable, back and forward work, a project page links
// to `?project=KEY`): the list's filter keys as the API takes them, a saved view, the range and each
// grouped chart's grouping. What each chart then asks the API for.
import { TIME_GROUPS, WORKLOAD_GROUPS, type InsightMetric } from '@tracker/shared/api/values/insights';
import { ISSUE_FILTER_KEYS } from '@tracker/shared/api/values/issues';

export type WorkloadGroup = (typeof WORKLOAD_GROUPS)[number];
export type TimeGroup = (typeof TIME_GROUPS)[number];

export interface InsightsState {
  /** The list's filters (`cf.<id>` included), exactly as the API takes them. */
  filters: Record<string, string>;
  view: string | null;
  from: string | null;
  to: string | null;
  workload: WorkloadGroup;
  time: TimeGroup;
}

const CF_KEY = /^cf\.\d+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isFilterKey = (key: string) => (ISSUE_FILTER_KEYS as readonly string[]).includes(key) || CF_KEY.test(key);
const oneOf = <T extends string>(list: readonly T[], value: string | null): T => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : list[0]!);

export function parseInsightsSearch(search: string): InsightsState {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (isFilterKey(key) && value.trim() !== '') filters[key] = value;
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : null;
  };
  const view = params.get('view');
  return { filters, view: view && /^\d+$/.test(view) ? view : null, from: day('from'), to: day('to'), workload: oneOf(WORKLOAD_GROUPS, params.get('workload')), time: oneOf(TIME_GROUPS, params.get('time')) };
}

/** The query string of a state (`?…`, or '' for the plain page); defaults are left out. */
export function toInsightsSearch(state: InsightsState): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(state.filters).sort()) if (state.filters[key]) params.set(key, state.filters[key]!);
  if (state.view) params.set('view', state.view);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.workload !== WORKLOAD_GROUPS[0]) params.set('workload', state.workload);
  if (state.time !== TIME_GROUPS[0]) params.set('time', state.time);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** What one chart asks `GET /api/insights/:metric` for: the filters, the view, the range, its grouping. */
export function chartQuery(state: InsightsState, metric: InsightMetric): Record<string, string> {
  const query: Record<string, string> = { ...state.filters };
  if (state.view) query.view = state.view;
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  if (metric === 'workload') query.by = state.workload;
  if (metric === 'time') query.by = state.time;
  return query;
}
