// What one signed-in user does under the bench's mixed load: 54 % issue lists (varied project,
// filter, sort, order, and scrolling on with the last page's cursor), 20 % issue pages, 10 %
// searches in both languages (a typo now and then), 10 % writes where the user may write, 3 % cycle
// pages (the current cycle mostly, an earlier one now and then) and 3 % insights charts (issue 29:
// every chart, a project's or the workspace's, mostly the default 12 weeks).
import { INSIGHT_METRICS, TIME_GROUPS, WORKLOAD_GROUPS } from '@tracker/shared/api/values/insights';
import { SEARCH_WORDS, SENTENCES, TITLE_PARTS, typo } from './bench-words.ts';

export interface PlanProject {
  id: number;
  key: string;
  locale: 'ru' | 'en';
  /** Owner or member: may create, comment and change status. */
  canWrite: boolean;
  statuses: { id: number; category: string }[];
  labels: number[];
  /** Issue numbers 1…issues exist. */
  issues: number;
  /** The project's cycles, oldest first (none without a cadence). */
  cycles: number[] | null;
}
export interface PlanUser {
  id: number;
  /** The `cookie` header a browser sends after signing in. */
  cookie: string;
  projects: PlanProject[];
}
export interface LoadPlan {
  base: string;
  users: PlanUser[];
  connections: number;
  seconds: number;
  /** Unmeasured seconds first: JIT, pools and caches settle, as in a server that has been up a while. */
  warmup: number;
  /** One kind of request only (the lists, against the bare handler and the product alike); else the mix. */
  only?: RequestClass;
}

export const CLASSES = ['list', 'issue', 'search', 'write', 'cycle', 'insights'] as const;
export type RequestClass = (typeof CLASSES)[number];
export interface BenchRequest {
  cls: RequestClass;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

export type Random = () => number;
const pick = <T>(items: readonly T[], rnd: Random): T => items[Math.floor(rnd() * items.length)]!;
/** Picks by weight: `[[value, weight], …]`. */
function weighted<T>(choices: readonly (readonly [T, number])[], rnd: Random): T {
  let r = rnd() * choices.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of choices) if ((r -= w) < 0) return value;
  return choices[choices.length - 1]![0];
}

const SORTS = [['updated', 40], ['priority', 15], ['created', 15], ['due', 10], ['title', 10], ['key', 10]] as const;

/** An issue list query as the web app sends it: a project (or "my issues" across projects), a filter, a sort. */
export function listPath(user: PlanUser, rnd: Random): string {
  const q = new URLSearchParams();
  const project = rnd() < 0.85 ? pick(user.projects, rnd) : null;
  if (project) {
    q.set('project', project.key);
    const filter = weighted([['none', 40], ['status', 15], ['category', 15], ['assignee', 15], ['priority', 10], ['label', 5]] as const, rnd);
    if (filter === 'status') q.set('status', String(pick(project.statuses, rnd).id));
    if (filter === 'category') q.set('category', pick(['started', 'unstarted,started', 'backlog'], rnd));
    if (filter === 'assignee') q.set('assignee', 'me');
    if (filter === 'priority') q.set('priority', pick(['urgent,high', 'urgent', 'medium,low'], rnd));
    if (filter === 'label' && project.labels.length) q.set('label', String(pick(project.labels, rnd)));
  } else {
    q.set('assignee', 'me');
    if (rnd() < 0.5) q.set('category', 'unstarted,started');
  }
  const sort = weighted(SORTS, rnd);
  q.set('sort', sort);
  // Titles and keys read naturally ascending, dates and priority descending.
  const ascending = sort === 'title' || sort === 'key' ? rnd() < 0.7 : rnd() < 0.3;
  q.set('order', ascending ? 'asc' : 'desc');
  q.set('limit', '50');
  return `/api/issues?${q}`;
}

const issueRef = (project: PlanProject, rnd: Random) => `${project.key}-${1 + Math.floor(rnd() * project.issues)}`;

export function searchPath(rnd: Random): string {
  const word = pick(rnd() < 0.5 ? SEARCH_WORDS.ru : SEARCH_WORDS.en, rnd);
  return `/api/search?q=${encodeURIComponent(rnd() < 0.1 ? typo(word, rnd) : word)}`;
}

/** A cycle page: of a project with cycles, the current one (third from the end: two upcoming follow it) mostly. */
export function cyclePath(user: PlanUser, rnd: Random): string {
  const planned = user.projects.filter((p) => p.cycles?.length);
  if (!planned.length) throw new Error(`user ${user.id} sees no project with cycles`);
  const cycles = pick(planned, rnd).cycles!;
  const current = Math.max(0, cycles.length - 3);
  return `/api/cycles/${cycles[rnd() < 0.7 ? current : Math.floor(rnd() * cycles.length)]}`;
}

export function writeRequest(user: PlanUser, rnd: Random): BenchRequest {
  const writable = user.projects.filter((p) => p.canWrite);
  if (!writable.length) throw new Error(`user ${user.id} may write nowhere`);
  const project = pick(writable, rnd);
  const words = TITLE_PARTS[project.locale];
  const sentence = () => pick(SENTENCES[project.locale], rnd);
  const kind = pick(['create', 'comment', 'status'] as const, rnd);
  if (kind === 'create') {
    const title = `${pick(words.verbs, rnd)} ${pick(words.objects, rnd)}${pick(words.tails, rnd)}`;
    const body = { projectId: project.id, title, description: `${sentence()} ${sentence()}`, priority: pick(['none', 'low', 'medium', 'high', 'urgent'], rnd), labelIds: rnd() < 0.4 && project.labels.length ? [pick(project.labels, rnd)] : [] };
    return { cls: 'write', method: 'POST', path: '/api/issues', body: JSON.stringify(body) };
  }
  if (kind === 'comment') return { cls: 'write', method: 'POST', path: `/api/issues/${issueRef(project, rnd)}/comments`, body: JSON.stringify({ body: sentence() }) };
  return { cls: 'write', method: 'PATCH', path: `/api/issues/${issueRef(project, rnd)}`, body: JSON.stringify({ statusId: pick(project.statuses, rnd).id }) };
}

/**
 * An insights chart as the web app asks for it: a project's (its page's tab) or the whole workspace's,
 * now and then only one's own issues, with the chart's grouping, over the default 12 weeks or a year.
 */
export function insightsPath(user: PlanUser, rnd: Random): string {
  const metric = pick(INSIGHT_METRICS, rnd);
  const q = new URLSearchParams();
  const scope = weighted([['project', 70], ['workspace', 20], ['mine', 10]] as const, rnd);
  if (scope === 'project') q.set('project', pick(user.projects, rnd).key);
  if (scope === 'mine') q.set('assignee', 'me');
  if (metric === 'workload') q.set('by', pick(WORKLOAD_GROUPS, rnd));
  if (metric === 'time') q.set('by', pick(TIME_GROUPS, rnd));
  if (rnd() < 0.1) q.set('from', new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10));
  return `/api/insights/${metric}${q.size ? `?${q}` : ''}`;
}

/** One user's stream of requests. `scrolled` hands back the next page's cursor of a list the user scrolls. */
export function userMix(user: PlanUser, rnd: Random = Math.random, only?: RequestClass) {
  let scroll: { path: string; cursor: string; depth: number } | null = null;
  return {
    next(): BenchRequest {
      const cls = only ?? weighted([['list', 54], ['issue', 20], ['search', 10], ['write', 10], ['cycle', 3], ['insights', 3]] as const, rnd);
      if (cls === 'list') {
        if (scroll) {
          const { path, cursor } = scroll;
          return { cls, method: 'GET', path: `${path}&cursor=${encodeURIComponent(cursor)}` };
        }
        return { cls, method: 'GET', path: listPath(user, rnd) };
      }
      if (cls === 'issue') return { cls, method: 'GET', path: `/api/issues/${issueRef(pick(user.projects, rnd), rnd)}` };
      if (cls === 'search') return { cls, method: 'GET', path: searchPath(rnd) };
      if (cls === 'cycle') return { cls, method: 'GET', path: cyclePath(user, rnd) };
      if (cls === 'insights') return { cls, method: 'GET', path: insightsPath(user, rnd) };
      return writeRequest(user, rnd);
    },
    /** Whether the user scrolls on after this list page (then its body's `nextCursor` is wanted). */
    wantsNextPage(): boolean {
      return rnd() < (scroll ? 0.6 : 0.35) && (scroll?.depth ?? 0) < 8;
    },
    /** After a list page: scroll on with its cursor, or (null) start a new list next time. */
    scrolled(path: string, cursor: string | null) {
      const base = path.replace(/&cursor=[^&]*$/, '');
      scroll = cursor ? { path: base, cursor, depth: scroll?.path === base ? scroll.depth + 1 : 1 } : null;
    },
  };
}
