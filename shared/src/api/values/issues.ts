// The issues values, without zod: the web app's start reads them (issue 27, the light start);
// ../issues.ts builds its schemas on them and exports them too.
export const PRIORITIES = ['none', 'urgent', 'high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** Stored as 0..4 in this order, so sorting by the number sorts by urgency (none last when needed). */
export const PRIORITY_VALUE: Record<Priority, number> = { none: 0, urgent: 1, high: 2, medium: 3, low: 4 };
export const RELATION_TYPES = ['blocks', 'blocked_by', 'relates', 'duplicates', 'duplicated_by'] as const;
export const ISSUE_SORTS = ['updated', 'created', 'priority', 'due', 'title', 'key'] as const;
/** How a list groups its rows (saved views keep it; the counts endpoint counts by it). */
export const ISSUE_GROUPS = ['none', 'status', 'category', 'assignee', 'priority', 'project'] as const;
export type IssueGroup = (typeof ISSUE_GROUPS)[number];
/** The list query's filter keys (besides `cf.<id>`): what the list's URL, its filter bar and the insights charts share. */
export const ISSUE_FILTER_KEYS = ['project', 'status', 'category', 'assignee', 'label', 'priority', 'stream', 'dueFrom', 'dueTo', 'sla', 'q'] as const;
