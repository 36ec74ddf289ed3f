// The /issues page state lives in the URL (shareable, back/forward work). Filter keys are the API's
// own (`issueListQuerySchema`), plus `layout` and `group` for how the result is shown.

import { ISSUE_GROUPS, ISSUE_SORTS, type IssueGroup } from '@tracker/shared/api/values/issues';

export const GROUPS = ISSUE_GROUPS;
export type GroupBy = IssueGroup;
export const LAYOUTS = ['list', 'board'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const SORTS = ISSUE_SORTS;

export const FILTER_KEYS = ['project', 'status', 'category', 'assignee', 'label', 'priority', 'stream', 'dueFrom', 'dueTo', 'sla', 'q'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
const CF_KEY = /^cf\.\d+$/;

export const isFilterKey = (key: string): boolean => (FILTER_KEYS as readonly string[]).includes(key) || CF_KEY.test(key);

export interface PageState {
  /** Filter values exactly as the API takes them (`cf.<id>` included). */
  filters: Record<string, string>;
  sort: string;
  order: 'asc' | 'desc';
  layout: Layout;
  group: GroupBy;
}

export const DEFAULT_STATE: PageState = { filters: {}, sort: 'updated', order: 'desc', layout: 'list', group: 'none' };

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function parseSearch(search: string): PageState {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const [key, value] of params) if (isFilterKey(key) && value.trim() !== '') filters[key] = value;
  const sort = params.get('sort');
  return {
    filters,
    sort: sort && ((SORTS as readonly string[]).includes(sort) || CF_KEY.test(sort)) ? sort : DEFAULT_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order'), DEFAULT_STATE.order),
    layout: oneOf(LAYOUTS, params.get('layout'), DEFAULT_STATE.layout),
    group: oneOf(GROUPS, params.get('group'), DEFAULT_STATE.group),
  };
}

/** The query string for a state; defaults are left out so plain /issues stays plain. */
export function toSearch(state: PageState): string {
  const params = new URLSearchParams();
  const keys = Object.keys(state.filters).sort((a, b) => filterRank(a) - filterRank(b) || a.localeCompare(b));
  for (const key of keys) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (state.sort !== DEFAULT_STATE.sort) params.set('sort', state.sort);
  if (state.order !== DEFAULT_STATE.order) params.set('order', state.order);
  if (state.layout !== DEFAULT_STATE.layout) params.set('layout', state.layout);
  if (state.group !== DEFAULT_STATE.group) params.set('group', state.group);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

function filterRank(key: string): number {
  const i = (FILTER_KEYS as readonly string[]).indexOf(key);
  return i === -1 ? FILTER_KEYS.length : i;
}

/** The list call for a state, with fixed filters (an embedding page's) taking precedence. */
export function toApiQuery(state: Pick<PageState, 'filters' | 'sort' | 'order'>, fixed: Record<string, string> = {}): Record<string, string> {
  return { ...state.filters, ...fixed, sort: state.sort, order: state.order };
}

/** What a saved view stores as its `query`: the filters plus a non-default sort. */
export function toViewQuery(state: PageState): Record<string, string> {
  const query = { ...state.filters };
  if (state.sort !== DEFAULT_STATE.sort) query.sort = state.sort;
  if (state.order !== DEFAULT_STATE.order) query.order = state.order;
  return query;
}

/** The page state a saved view opens. */
export function fromView(view: { query: Record<string, string>; layout: Layout; groupBy: GroupBy }): PageState {
  const parsed = parseSearch(new URLSearchParams(view.query).toString());
  return { ...parsed, layout: view.layout, group: view.groupBy };
}

/** Comma lists (`status=1,2`): add or remove one value. */
export function toggleCsv(csv: string | undefined, value: string): string {
  const items = csvItems(csv);
  const next = items.includes(value) ? items.filter((v) => v !== value) : [...items, value];
  return next.join(',');
}

export const csvItems = (csv: string | undefined): string[] => (csv ? csv.split(',').filter(Boolean) : []);

/** A copy of the filters with one key set (or removed when empty). */
export function withFilter(filters: Record<string, string>, key: string, value: string | undefined): Record<string, string> {
  const next = { ...filters };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  // Statuses and labels belong to one project: they make no sense once the project changes.
  if (key === 'project') {
    delete next.status;
    delete next.label;
    for (const k of Object.keys(next)) if (CF_KEY.test(k)) delete next[k];
  }
  return next;
}

export const hasFilters = (filters: Record<string, string>): boolean => Object.keys(filters).length > 0;
