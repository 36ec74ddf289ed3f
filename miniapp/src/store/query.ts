// Filtering and sorting what the store holds, with the server list's semantics
// (server/src/modules/issues/issue-list.ts, sortSpec): ties by id in the same direction; no priority
// and no due date last in both directions. A query answers ordered ids only: rows read the issues.
import type { IssueListItem, Priority } from '@tracker/shared/api/issues';
import { ISSUE_SORTS, PRIORITY_VALUE } from '@tracker/shared/api/values/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { SLA_FILTERS } from '@tracker/shared/api/values/sla';
import { slaAtRisk } from '@tracker/shared/sla-state';
import { touchProject } from './lru.ts';
import type { Snapshot } from 'valtio';
import type { SyncData } from './model.ts';

export type IssueSort = (typeof ISSUE_SORTS)[number];

/** The list's query as in its URL (`status=1,2`, `assignee=me,none`, `priority=high,low`). */
export interface IssueQuery {
  /** An id or a key. */
  project?: number | string;
  status?: string;
  category?: string;
  assignee?: string;
  label?: string;
  priority?: string;
  stream?: number;
  parent?: number;
  /** A cycle's or milestone's id, or `none`. */
  cycle?: number | 'none';
  milestone?: number | 'none';
  dueFrom?: string;
  dueTo?: string;
  /** SLAs: `at-risk` or `breached` (docs/sla.md). */
  sla?: string;
  sort?: IssueSort;
  order?: 'asc' | 'desc';
}

/** The store or a snapshot of it. */
type Data = Snapshot<Pick<SyncData, 'issues' | 'projects' | 'statuses'>>;
type Issue = Snapshot<IssueListItem>;

export function issueById(data: Snapshot<Pick<SyncData, 'issues'>>, id: number): Issue | undefined {
  const issue = data.issues[id];
  if (issue) touchProject(issue.projectId);
  return issue;
}

const numbers = (s: string) => new Set(s.split(',').map(Number));

function projectIdOf(data: Data, ref: number | string): number {
  if (typeof ref === 'number') return ref;
  for (const p of Object.values(data.projects)) if (p.key === ref) return p.id;
  return -1;
}

/** A test per filter given; every one must pass. */
function filters(data: Data, q: IssueQuery, me: number | null): ((i: Issue) => boolean)[] {
  const tests: ((i: Issue) => boolean)[] = [];
  if (q.project !== undefined) {
    const id = projectIdOf(data, q.project);
    tests.push((i) => i.projectId === id);
  }
  if (q.status) {
    const ids = numbers(q.status);
    tests.push((i) => ids.has(i.statusId));
  }
  if (q.category) {
    const cats = new Set(q.category.split(',') as StatusCategory[]);
    const ids = new Set(Object.values(data.statuses).filter((s) => cats.has(s.category)).map((s) => s.id));
    tests.push((i) => ids.has(i.statusId));
  }
  if (q.assignee) {
    const parts = q.assignee.split(',');
    const none = parts.includes('none');
    const users = new Set(parts.filter((a) => a !== 'none').map((a) => (a === 'me' ? (me ?? -1) : Number(a))));
    tests.push((i) => (i.assignee ? users.has(i.assignee.id) : none));
  }
  if (q.label) {
    const ids = numbers(q.label);
    tests.push((i) => i.labelIds.some((l) => ids.has(l)));
  }
  if (q.priority) {
    const ps = new Set(q.priority.split(',') as Priority[]);
    tests.push((i) => ps.has(i.priority));
  }
  if (q.stream !== undefined) tests.push((i) => i.streamIds.includes(q.stream!));
  if (q.parent !== undefined) tests.push((i) => i.parentId === q.parent);
  if (q.cycle !== undefined) tests.push((i) => i.cycleId === (q.cycle === 'none' ? null : q.cycle));
  if (q.milestone !== undefined) tests.push((i) => i.milestoneId === (q.milestone === 'none' ? null : q.milestone));
  if (q.dueFrom) tests.push((i) => i.dueDate !== null && i.dueDate >= q.dueFrom!);
  if (q.dueTo) tests.push((i) => i.dueDate !== null && i.dueDate <= q.dueTo!);
  if (q.sla === 'at-risk') {
    const now = Date.now();
    tests.push((i) => slaAtRisk(i, now));
  }
  if (q.sla === 'breached') tests.push((i) => i.sla?.breached === true);
  return tests;
}

const projectKey = (issueKey: string) => issueKey.slice(0, issueKey.lastIndexOf('-'));

/** The sort key of one issue: a number or a string, never null (as the server's expressions). */
function sortKey(sort: IssueSort, asc: boolean): (i: Issue) => number | string {
  switch (sort) {
    case 'updated':
      return (i) => Date.parse(i.updatedAt);
    case 'created':
      return (i) => Date.parse(i.createdAt);
    case 'priority':
      // Ranked low 1 … urgent 4; none 5 ascending, 0 descending: last either way.
      return (i) => (i.priority === 'none' ? (asc ? 5 : 0) : 5 - PRIORITY_VALUE[i.priority]);
    case 'due':
      return (i) => i.dueDate ?? (asc ? '\uffff' : '');
    case 'title':
      return (i) => i.title.toLowerCase();
    case 'key':
      // Project key, then number: the key string padded so numbers compare as numbers.
      return (i) => `${projectKey(i.key)}\u0000${String(i.number).padStart(10, '0')}`;
  }
}

/** Ordered ids of the loaded issues that match `query`, in the server list's order. */
export function queryIssues(data: Data, query: IssueQuery, me: number | null = null): number[] {
  const tests = filters(data, query, me);
  const asc = query.order === 'asc';
  const keyOf = sortKey(query.sort ?? 'updated', asc);
  const rows: { k: number | string; id: number; p: number }[] = [];
  for (const issue of Object.values(data.issues)) {
    let ok = true;
    for (const t of tests) {
      if (!t(issue)) {
        ok = false;
        break;
      }
    }
    if (ok) rows.push({ k: keyOf(issue), id: issue.id, p: issue.projectId });
  }
  const dir = asc ? 1 : -1;
  rows.sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : (a.id - b.id) * dir));
  const now = Date.now();
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(r.p)) continue;
    seen.add(r.p);
    touchProject(r.p, now);
  }
  if (query.project !== undefined) touchProject(projectIdOf(data, query.project), now);
  return rows.map((r) => r.id);
}

const QUERY_KEYS = new Set(['project', 'status', 'category', 'assignee', 'label', 'priority', 'stream', 'parent', 'cycle', 'milestone', 'dueFrom', 'dueTo', 'sla', 'sort', 'order']);
const OPEN_CATEGORIES: readonly StatusCategory[] = ['triage', 'backlog', 'unstarted', 'started'];
const int = (v: string | number) => (typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : NaN);

/**
 * The list's API query (`/api/issues`' parameters) as a store query; null when the store cannot
 * answer it the way the server would (text search, custom-field filters or sorts, a malformed value).
 */
export function toIssueQuery(api: Readonly<Record<string, string | number | undefined>>): IssueQuery | null {
  const q: IssueQuery = {};
  for (const [key, raw] of Object.entries(api)) {
    if (raw === undefined || raw === '') continue;
    if (!QUERY_KEYS.has(key)) return null;
    const value = String(raw);
    switch (key) {
      case 'project':
        q.project = /^\d+$/.test(value) ? Number(value) : value;
        break;
      case 'stream':
      case 'parent':
        if (Number.isNaN(int(raw))) return null;
        q[key] = int(raw);
        break;
      case 'cycle':
      case 'milestone':
        if (value !== 'none' && Number.isNaN(int(raw))) return null;
        q[key] = value === 'none' ? 'none' : int(raw);
        break;
      case 'sort':
        if (!(ISSUE_SORTS as readonly string[]).includes(value)) return null;
        q.sort = value as IssueSort;
        break;
      case 'order':
        if (value !== 'asc' && value !== 'desc') return null;
        q.order = value;
        break;
      case 'sla':
        if (!(SLA_FILTERS as readonly string[]).includes(value)) return null;
        q.sla = value;
        break;
      default:
        q[key as 'status' | 'category' | 'assignee' | 'label' | 'priority' | 'dueFrom' | 'dueTo'] = value;
    }
  }
  return q;
}

/**
 * Whether the store holds every issue the query can match: it holds all open issues, but closed
 * ones only from the last days (`SYNC_ISSUE_DAYS`), so a query that can match closed issues may lack
 * older ones (they load on demand from the server's list).
 */
export function holdsAll(data: Pick<Data, 'statuses'>, q: IssueQuery): boolean {
  // At risk is open by definition.
  if (q.sla === 'at-risk') return true;
  if (q.category && q.category.split(',').every((c) => OPEN_CATEGORIES.includes(c as StatusCategory))) return true;
  if (q.status) {
    return q.status.split(',').every((id) => {
      const s = data.statuses[Number(id)];
      return s !== undefined && OPEN_CATEGORIES.includes(s.category);
    });
  }
  return false;
}

/** The project ids the query is limited to (one, by id or key), or null for all. */
export function queryProject(data: Pick<Data, 'projects'>, q: IssueQuery): number | null {
  return q.project === undefined ? null : projectIdOf(data as Data, q.project);
}

export interface CalendarFilter {
  from: string;
  to: string;
  mine: boolean;
  project: number | null;
  stream: number | null;
}

/**
 * The issues a calendar range shows, as `GET /api/calendar` selects them: a start→due span (or the
 * one date set) meeting [from, to], by start then id.
 */
export function calendarIssues(data: Pick<Data, 'issues'>, f: CalendarFilter, me: number | null): Issue[] {
  const out: Issue[] = [];
  for (const i of Object.values(data.issues)) {
    const first = i.startDate ?? i.dueDate;
    const last = i.dueDate ?? i.startDate;
    if (first === null || last === null || first > f.to || last < f.from) continue;
    if (f.mine && i.assignee?.id !== me) continue;
    if (f.project !== null && i.projectId !== f.project) continue;
    if (f.stream !== null && !i.streamIds.includes(f.stream)) continue;
    out.push(i);
  }
  return out.sort((a, b) => ((a.startDate ?? a.dueDate)! < (b.startDate ?? b.dueDate)! ? -1 : (a.startDate ?? a.dueDate)! > (b.startDate ?? b.dueDate)! ? 1 : a.id - b.id));
}
