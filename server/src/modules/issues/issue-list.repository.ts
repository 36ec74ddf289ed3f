// The issue list's statements: every filter and the keyset page in one statement, and the group
// counts under the same filters. Kept as SQL text run through the ORM: the sort indexes' text must
// equal the sort expressions here, and issue-sort-indexes.test.ts, issue-cross-sort-indexes.test.ts
// and issue-list.test.ts read these statements from the ORM's query log to EXPLAIN them. The page and
// its cursor are issue-list.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { issueCountsQuerySchema } from '@tracker/shared/api/issue-counts';
import { PRIORITIES, PRIORITY_VALUE, type issueListQuerySchema, type Priority } from '@tracker/shared/api/issues';
import type { z } from 'zod';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { intArray } from '../../db/sql.ts';
import { SLA_AT_RISK_HOURS } from '@tracker/shared/limits';
import type { Cursor } from './issue-cursor.ts';
import { ISSUE_ROW_COLUMNS, type IssueRow } from './issue.mapper.ts';

type ListQuery = z.output<typeof issueListQuerySchema>;
type FilterQuery = Omit<ListQuery, 'sort' | 'order' | 'cursor' | 'limit'>;
type CountsQuery = z.output<typeof issueCountsQuerySchema>;

/** A list row with its sort values as text (`s0`, `s1`, …), which the next page's cursor holds. */
export type IssueListRow = IssueRow & Record<`s${number}`, string>;

interface SortSpec {
  exprs: string[];
  casts: string[];
}

/**
 * Sort keys as SQL expressions that are never null (so keyset row comparisons work), always
 * followed by `i.id` as the tiebreak and all in one direction, so `(keys, id) > (cursor)` pages
 * exactly. Issues without a due date or a priority come last in both directions, as in Linear:
 * the expression itself depends on the order instead of mixing directions. Within one project,
 * each expression has an index `(project_id, <expression>, id)` (Migration20261126100000) whose
 * text must stay equal to the expression here; issue-sort-indexes.test.ts checks the plans. Across
 * projects, `(<expression>, id)` and, for one assignee (My issues), `(assignee_id, <expression>, id)`
 * serve the same keyset (Migration20261127200000; issue-cross-sort-indexes.test.ts).
 */
function sortSpec(sort: string, order: 'asc' | 'desc', oneProject: boolean): SortSpec {
  switch (sort) {
    case 'updated':
      return { exprs: ['i.updated_at'], casts: ['timestamptz'] };
    case 'created':
      return { exprs: ['i.created_at'], casts: ['timestamptz'] };
    case 'priority':
      // Stored none 0, urgent 1 … low 4; ranked low 1 … urgent 4, and none 0 (desc) or 5 (asc).
      return { exprs: [`(case when i.priority = 0 then ${order === 'asc' ? 5 : 0} else 5 - i.priority end)`], casts: ['int'] };
    case 'due':
      return { exprs: [`coalesce(i.due_date, '${order === 'asc' ? 'infinity' : '-infinity'}'::date)`], casts: ['date'] };
    case 'title':
      return { exprs: ['lower(i.title)'], casts: ['text'] };
    case 'key':
      // One project's key is a constant, and the planner cannot see that through the join.
      return oneProject ? { exprs: ['i.number'], casts: ['int'] } : { exprs: ['p.key', 'i.number'], casts: ['text', 'int'] };
    default: {
      const id = Number(sort.slice(3));
      return { exprs: [`coalesce(i.custom_values -> '${id}', 'null'::jsonb)`], casts: ['jsonb'] };
    }
  }
}


/** `cf.<id>=<value>` → alternatives for `custom_values @> …` (the value's JSON type is unknown here). */
function customFieldMatches(id: string, value: string): string[] {
  const alt = (v: unknown) => JSON.stringify({ [id]: v });
  if (value === 'true' || value === 'false') return [alt(value === 'true')];
  if (/^-?\d+(\.\d+)?$/.test(value)) return [alt(Number(value)), alt([Number(value)]), alt(value)];
  return [alt(value)];
}

/**
 * SLAs (docs/sla.md). Missed: a deadline the scan marked. At risk: open, and missed or due within
 * the hours bound (a paused clock is not running out). Each side is read off its own partial index
 * of issue_sla (Migration20261210200000: the missed clocks; the running ones by their next deadline,
 * the expression here) into an array the issues are then fetched by: as a filter on the sort's
 * index, a project's few matches among 70,000 open issues cost a read of all of them (60 ms).
 */
const SLA_MISSED = `select fsl.issue_id from issue_sla fsl where fsl.respond_breached_at is not null or fsl.resolve_breached_at is not null`;
const SLA_BREACHED = `i.id = any(array(${SLA_MISSED}))`;
const SLA_AT_RISK = `i.completed_at is null and i.id = any(array(${SLA_MISSED} union all select fsl.issue_id from issue_sla fsl
  where fsl.paused_at is null and fsl.resolved_at is null and least(fsl.resolve_by, case when fsl.responded_at is null then fsl.respond_by end) < now() + make_interval(hours => ?::int)))`;

/** The list's filters as SQL conditions on `i` (issues) and `p` (projects), with their bound values. */
function listFilters(viewer: Viewer, q: FilterQuery): { where: string[]; params: unknown[]; add: (sql: string, ...values: unknown[]) => void } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  const visible = visibleProjectsCondition(viewer, 'p');
  add(visible.sql, ...visible.params);
  // A key becomes the project id inside the query, so (project_id, status_id, updated_at, id) serves it.
  if (q.project !== undefined) add(typeof q.project === 'number' ? 'i.project_id = ?' : 'i.project_id = (select id from projects where key = ?)', q.project);
  const ids = (s: string) => intArray(s.split(',').map(Number));
  // One status is an equality, so (project_id, status_id, updated_at, id) serves the order directly.
  if (q.status) add(q.status.includes(',') ? 'i.status_id = any(?::int[])' : 'i.status_id = ?', q.status.includes(',') ? ids(q.status) : Number(q.status));
  if (q.category) add(`i.status_id in (select id from statuses where category = any(?::text[]))`, `{${q.category}}`);
  if (q.assignee) {
    const parts = q.assignee.split(',');
    const userIds = parts.filter((a) => a !== 'none').map((a) => (a === 'me' ? viewer.id : Number(a)));
    const alternatives = [];
    const values: unknown[] = [];
    // One assignee (My issues) is an equality, so (assignee_id, <sort expression>, id) serves the order.
    if (userIds.length) {
      alternatives.push(userIds.length === 1 ? 'i.assignee_id = ?' : 'i.assignee_id = any(?::int[])');
      values.push(userIds.length === 1 ? userIds[0] : intArray(userIds));
    }
    if (parts.includes('none')) alternatives.push('i.assignee_id is null');
    add(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' or ')})`, ...values);
  }
  if (q.label) add('exists (select 1 from issue_labels fl where fl.issue_id = i.id and fl.label_id = any(?::int[]))', ids(q.label));
  if (q.priority) add('i.priority = any(?::int[])', intArray(q.priority.split(',').map((p) => PRIORITY_VALUE[p as Priority])));
  if (q.stream) add('exists (select 1 from issue_streams fs where fs.issue_id = i.id and fs.stream_id = ?)', q.stream);
  if (q.parent) add('i.parent_id = ?', q.parent);
  if (q.dueFrom) add('i.due_date >= ?::date', q.dueFrom);
  if (q.dueTo) add('i.due_date <= ?::date', q.dueTo);
  if (q.sla === 'breached') add(SLA_BREACHED);
  if (q.sla === 'at-risk') add(SLA_AT_RISK, SLA_AT_RISK_HOURS);
  if (q.q) {
    add(
      `i.id in (select s.issue_id from issue_search s where s.search_vector @@ websearch_to_tsquery('russian', ?) or s.search_vector @@ websearch_to_tsquery('english', ?) or s.title ilike ?)`,
      q.q,
      q.q,
      `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
  }
  for (const [key, value] of Object.entries(q)) {
    const m = /^cf\.(\d+)$/.exec(key);
    if (m && typeof value === 'string' && value !== '') {
      const alternatives = customFieldMatches(m[1]!, value);
      add(`(${alternatives.map(() => 'i.custom_values @> ?::jsonb').join(' or ')})`, ...alternatives);
    }
  }

  return { where, params, add };
}

/** How many sort values a row of this sort has (its cursor holds as many). */
export const sortKeyCount = (sort: string, oneProject: boolean) => sortSpec(sort, 'asc', oneProject).exprs.length;

/**
 * One page of the list and one row more (there is a next page when it comes back), after `cursor`
 * when given. Labels, streams and comment counts are subselects evaluated only for the page's rows,
 * so a request costs the same number of queries whatever the page size.
 */
export async function issueListRows(em: EntityManager, viewer: Viewer, q: ListQuery, cursor: Pick<Cursor, 'v' | 'id'> | null): Promise<IssueListRow[]> {
  const { where, params, add } = listFilters(viewer, q);
  const spec = sortSpec(q.sort, q.order, q.project !== undefined);
  // Sorted by priority, a priority filter is also a set of the sort expression's own values: said
  // that way, the sort's index reads just those rows, in order, instead of every issue before them.
  if (q.priority && q.sort === 'priority') {
    const ranks = q.priority.split(',').map((p) => PRIORITY_VALUE[p as Priority]).map((v) => (v === 0 ? (q.order === 'asc' ? 5 : 0) : 5 - v));
    add(`${spec.exprs[0]} = any(?::int[])`, intArray(ranks));
  }
  const dir = q.order === 'asc' ? 'asc' : 'desc';
  const sortCols = spec.exprs.map((e, n) => `(${e})::text as s${n}`).join(', ');
  if (q.sort === 'key' && q.project === undefined) return byKeyAcrossProjects(em, { where, params, sortCols, dir, cursor, limit: q.limit });
  if (cursor) {
    const left = [...spec.exprs, 'i.id'].join(', ');
    const right = [...spec.casts.map((cast) => `?::${cast}`), '?'].join(', ');
    add(`(${left}) ${dir === 'asc' ? '>' : '<'} (${right})`, ...cursor.v, cursor.id);
  }
  const orderBy = [...spec.exprs, 'i.id'].map((e) => `${e} ${dir}`).join(', ');
  return em.execute<IssueListRow[]>(
    `select ${ISSUE_ROW_COLUMNS}, ${sortCols}
       from issues i
       join projects p on p.id = i.project_id
       left join users au on au.id = i.assignee_id
      where ${where.join(' and ')}
      order by ${orderBy}
      limit ?`,
    [...params, q.limit + 1],
  );
}

/**
 * Key order across projects, `p.key, i.number`, spans two tables, so no index holds it: instead
 * each visible project (in key order, off its unique key) gives at most one page of its own issues
 * off the unique `(project_id, number)` — a project's numbers are unique, so the cursor needs no
 * id — and only those few rows are sorted. Without this the planner read every visible issue.
 */
function byKeyAcrossProjects(
  em: EntityManager,
  o: { where: string[]; params: unknown[]; sortCols: string; dir: 'asc' | 'desc'; cursor: Pick<Cursor, 'v' | 'id'> | null; limit: number },
) {
  const after = o.dir === 'asc' ? '>' : '<';
  const keyset = o.cursor ? [`i.number ${after} (case when p.key = ? then ?::int else ${o.dir === 'asc' ? 0 : 2147483647} end)`] : [];
  const keysetParams = o.cursor ? [o.cursor.v[0], o.cursor.v[1]] : [];
  return em.execute<IssueListRow[]>(
    `select x.* from projects p
      cross join lateral (
        select ${ISSUE_ROW_COLUMNS}, ${o.sortCols}
          from issues i
          left join users au on au.id = i.assignee_id
         where i.project_id = p.id and ${[...o.where, ...keyset].join(' and ')}
         order by i.number ${o.dir}
         limit ?) x
      ${o.cursor ? `where p.key ${after}= ?` : ''}
      order by p.key ${o.dir}, x.number ${o.dir}
      limit ?`,
    [...o.params, ...keysetParams, o.limit + 1, ...(o.cursor ? [o.cursor.v[0]] : []), o.limit + 1],
  );
}

/** Each group's key as the web app names it (grouping.ts): a status, a category, a person, a priority, a project. */
const GROUP_KEY: Record<CountsQuery['group'], string> = {
  status: `'s' || i.status_id`,
  category: `'c' || (select st.category from statuses st where st.id = i.status_id)`,
  assignee: `coalesce('u' || i.assignee_id, 'none')`,
  priority: `(?::text[])[i.priority + 1]`,
  project: `'p' || i.project_id`,
};

/** How many issues of the list each group holds, by group key (one statement, whatever is loaded of the list). */
export async function issueGroupCounts(em: EntityManager, viewer: Viewer, q: CountsQuery): Promise<{ key: string; count: number }[]> {
  const { group, ...filters } = q;
  const { where, params } = listFilters(viewer, filters);
  const keyParams = group === 'priority' ? [`{${PRIORITIES.join(',')}}`] : [];
  return em.execute<{ key: string; count: number }[]>(
    `select ${GROUP_KEY[group]} as key, count(*)::int as count
       from issues i join projects p on p.id = i.project_id
      where ${where.join(' and ')}
      group by 1 order by 1`,
    [...keyParams, ...params],
  );
}
