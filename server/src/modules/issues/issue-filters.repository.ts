// The issue list's filters as SQL, written once: the list, its group counts and the insights
// charts (modules/insights) all filter issues with this builder. SQL text with `?` values, joined
// into statements that plan tests EXPLAIN as they run (issue-list.repository.ts).
import { PRIORITY_VALUE, type issueListQuerySchema, type Priority } from '@tracker/shared/api/issues';
import { SLA_AT_RISK_HOURS } from '@tracker/shared/limits';
import type { z } from 'zod';
import { intArray } from '../../db/sql.ts';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

/** The list query without its page: what filters the issues. */
export type IssueFilterQuery = Omit<z.output<typeof issueListQuerySchema>, 'sort' | 'order' | 'cursor' | 'limit'>;

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

/** `cf.<id>=<value>` → alternatives for `custom_values @> …` (the value's JSON type is unknown here). */
function customFieldMatches(id: string, value: string): string[] {
  const alt = (v: unknown) => JSON.stringify({ [id]: v });
  if (value === 'true' || value === 'false') return [alt(value === 'true')];
  if (/^-?\d+(\.\d+)?$/.test(value)) return [alt(Number(value)), alt([Number(value)]), alt(value)];
  return [alt(value)];
}

/**
 * The list's filters as SQL conditions on `i` (issues) and `p` (projects), with their bound values,
 * the visibility rule first. `add` appends a caller's own condition.
 */
export function issueFilters(viewer: Viewer, q: IssueFilterQuery): { where: string[]; params: unknown[]; add: (sql: string, ...values: unknown[]) => void } {
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
  if (q.cycle) add(q.cycle === 'none' ? 'i.cycle_id is null' : 'i.cycle_id = ?', ...(q.cycle === 'none' ? [] : [q.cycle]));
  if (q.milestone) add(q.milestone === 'none' ? 'i.milestone_id is null' : 'i.milestone_id = ?', ...(q.milestone === 'none' ? [] : [q.milestone]));
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
