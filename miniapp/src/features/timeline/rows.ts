// Which issues the timeline shows and in what rows (issue 29): the filters, then one row per issue
// under a header row per group (project, assignee or milestone). Within a group the rows keep the
// issues' own order (the board's `sortOrder`), not their dates: a drag never moves a row away.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { spanOf, type Span } from './geometry.ts';

export const GROUPS = ['project', 'assignee', 'milestone'] as const;
export type GroupBy = (typeof GROUPS)[number];

/** An id, `none` (the field is empty), or null (no filter). */
export type Choice = number | 'none' | null;

export interface TimelineFilter {
  project: number | null;
  assignee: Choice;
  milestone: Choice;
  cycle: Choice;
}

type Issue = Pick<IssueListItem, 'id' | 'projectId' | 'assignee' | 'milestoneId' | 'cycleId' | 'startDate' | 'dueDate' | 'sortOrder'>;

const fits = (value: number | null, choice: Choice) => choice === null || (choice === 'none' ? value === null : value === choice);

export function matches(issue: Issue, f: TimelineFilter): boolean {
  return (f.project === null || issue.projectId === f.project) && fits(issue.assignee?.id ?? null, f.assignee) && fits(issue.milestoneId, f.milestone) && fits(issue.cycleId, f.cycle);
}

/** A group's key: `project:3`, `assignee:none`… */
export function groupKey(issue: Issue, by: GroupBy): string {
  const id = by === 'project' ? issue.projectId : by === 'assignee' ? (issue.assignee?.id ?? null) : issue.milestoneId;
  return `${by}:${id ?? 'none'}`;
}

export interface GroupInfo {
  label: string;
  /** Groups are ordered by this (then label); the `none` group comes last. */
  sort: string;
}

export type Row<T extends Issue = Issue> = { kind: 'group'; key: string; label: string; count: number } | { kind: 'issue'; key: string; issue: T; span: Span; group: string };

/** The rows of the issues that have a date, grouped, each group in the issues' order (then by id). */
export function layoutRows<T extends Issue>(issues: readonly T[], by: GroupBy, describe: (key: string) => GroupInfo): Row<T>[] {
  const groups = new Map<string, { issue: T; span: Span }[]>();
  for (const issue of issues) {
    const span = spanOf(issue);
    if (!span) continue;
    const key = groupKey(issue, by);
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push({ issue, span });
  }
  const info = new Map([...groups.keys()].map((k) => [k, describe(k)] as const));
  const none = (k: string) => k.endsWith(':none');
  const keys = [...groups.keys()].sort((a, b) => Number(none(a)) - Number(none(b)) || cmp(info.get(a)!.sort, info.get(b)!.sort) || cmp(info.get(a)!.label, info.get(b)!.label) || cmp(a, b));
  const rows: Row<T>[] = [];
  for (const key of keys) {
    const list = groups.get(key)!.sort((a, b) => a.issue.sortOrder - b.issue.sortOrder || a.issue.id - b.issue.id);
    rows.push({ kind: 'group', key, label: info.get(key)!.label, count: list.length });
    for (const { issue, span } of list) rows.push({ kind: 'issue', key: `issue:${issue.id}`, issue, span, group: key });
  }
  return rows;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
