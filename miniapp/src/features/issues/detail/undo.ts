// Undo of a change made on the issue page (issue 27: "Undo in the toast for field changes"): the
// PATCH that puts back what the change touched, as the issue was just before it, and how to show it.
import type { IssueDetail, UpdateIssueRequest } from '@tracker/shared/api/issues';

export interface Undo {
  body: UpdateIssueRequest;
  optimistic: Partial<IssueDetail>;
  /** The API names of the fields it puts back (for the toast's words). */
  fields: string[];
}

/** An id field and what the page shows for it: both are put back. */
const SHOWN_AS = { statusId: 'status', labelIds: 'labels', streamIds: 'streams', parentId: 'parent' } as const satisfies Partial<Record<keyof UpdateIssueRequest, keyof IssueDetail>>;

/** Null when the change touched nothing an undo can put back (a repeat rule is set again by hand). */
export function undoOf(before: IssueDetail, change: UpdateIssueRequest): Undo | null {
  const body: Record<string, unknown> = {};
  const optimistic: Partial<Record<keyof IssueDetail, unknown>> = {};
  for (const key of Object.keys(change) as (keyof UpdateIssueRequest)[]) {
    switch (key) {
      case 'assigneeId':
        body.assigneeId = before.assignee?.id ?? null;
        optimistic.assignee = before.assignee;
        break;
      case 'statusId':
      case 'labelIds':
      case 'streamIds':
      case 'parentId':
        body[key] = optimistic[key] = before[key];
        optimistic[SHOWN_AS[key]] = before[SHOWN_AS[key]];
        break;
      case 'customValues': {
        const values: Record<string, unknown> = {};
        for (const id of Object.keys(change.customValues ?? {})) values[id] = before.customValues[id] ?? null;
        body.customValues = values;
        optimistic.customValues = { ...before.customValues };
        break;
      }
      case 'title':
      case 'priority':
      case 'startDate':
      case 'dueDate':
      case 'estimate':
      case 'description':
        body[key] = optimistic[key] = before[key];
        break;
      default:
        // baseVersion, editedAt: how the change was sent, not what it changed; recurrence: not undone.
        break;
    }
  }
  const fields = Object.keys(body);
  return fields.length ? { body: body as UpdateIssueRequest, optimistic: optimistic as Partial<IssueDetail>, fields } : null;
}
