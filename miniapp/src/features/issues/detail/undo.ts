// Undo of a change made on the issue page (issue 27: "Undo in the toast for field changes"): the
// PATCH that puts back what the change touched, as the issue was just before it, and how to show it.
import type { IssueDetail, UpdateIssueRequest } from '@tracker/shared/api/issues';

export interface Undo {
  body: UpdateIssueRequest;
  optimistic: Partial<IssueDetail>;
  /** The API names of the fields it puts back (for the toast's words). */
  fields: string[];
}

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
        body.statusId = optimistic.statusId = before.statusId;
        optimistic.status = before.status;
        break;
      case 'labelIds':
        body.labelIds = optimistic.labelIds = before.labelIds;
        optimistic.labels = before.labels;
        break;
      case 'streamIds':
        body.streamIds = optimistic.streamIds = before.streamIds;
        optimistic.streams = before.streams;
        break;
      case 'parentId':
        body.parentId = optimistic.parentId = before.parentId;
        optimistic.parent = before.parent;
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
