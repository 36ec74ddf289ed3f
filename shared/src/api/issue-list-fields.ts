// An issue's list fields, without zod (the web app's start runs none, issue 27): what the store
// keeps of an issue from an answer that carries more (the issue page's, an edit's).
// issue-list-fields.test.ts keeps the list equal to issueListItemSchema's keys.
import type { IssueListItem } from './issues.ts';

export const ISSUE_LIST_FIELDS = [
  'id', 'key', 'projectId', 'number', 'title', 'statusId', 'priority', 'assignee', 'labelIds', 'streamIds', 'startDate', 'dueDate', 'estimate',
  'parentId', 'cycleId', 'milestoneId', 'sortOrder', 'customValues', 'commentCount', 'spentMinutes', 'createdAt', 'updatedAt', 'completedAt', 'recurrence', 'sla',
] as const satisfies readonly (keyof IssueListItem)[];

/** The issue as a list shows it: only its list fields. */
export function toListItem(issue: IssueListItem): IssueListItem {
  const out: Partial<Record<keyof IssueListItem, unknown>> = {};
  for (const field of ISSUE_LIST_FIELDS) out[field] = issue[field];
  return out as IssueListItem;
}
