// What the selected issues have in common (the bulk bar shows it in each field), and a set picker's
// new value as the bulk patch's additions and removals.
import type { UserRef } from '@tracker/shared/api/common';
import type { IssueListItem, Priority } from '@tracker/shared/api/issues';
import type { BulkPatch } from '../api.ts';

type Item = Pick<IssueListItem, 'statusId' | 'priority' | 'assignee' | 'labelIds' | 'streamIds' | 'cycleId' | 'milestoneId'>;

export interface Shared {
  /** null: they differ. */
  statusId: number | null;
  priority: Priority | null;
  /** undefined: they differ; null: none of them is assigned. */
  assignee: UserRef | null | undefined;
  /** The ones every selected issue has. */
  labelIds: number[];
  streamIds: number[];
  /** undefined: they differ. */
  cycleId: number | null | undefined;
  milestoneId: number | null | undefined;
}

export function sharedOf(issues: readonly Item[]): Shared {
  const first = issues[0];
  const same = <T>(pick: (i: Item) => T): boolean => !!first && issues.every((i) => pick(i) === pick(first));
  const everyOne = (pick: (i: Item) => readonly number[]) => (first ? pick(first).filter((id) => issues.every((i) => pick(i).includes(id))) : []);
  return {
    statusId: same((i) => i.statusId) ? first!.statusId : null,
    priority: same((i) => i.priority) ? first!.priority : null,
    assignee: same((i) => i.assignee?.id ?? null) ? first!.assignee : undefined,
    labelIds: everyOne((i) => i.labelIds),
    streamIds: everyOne((i) => i.streamIds),
    cycleId: same((i) => i.cycleId) ? first!.cycleId : undefined,
    milestoneId: same((i) => i.milestoneId) ? first!.milestoneId : undefined,
  };
}

type SetKeys = readonly ['addLabelIds', 'removeLabelIds'] | readonly ['addStreamIds', 'removeStreamIds'];

/** Checked now but not before: added to all; unchecked now: removed from all. Null when nothing changed. */
export function setPatch(before: readonly number[], after: readonly number[], [addKey, removeKey]: SetKeys): BulkPatch | null {
  const add = after.filter((id) => !before.includes(id));
  const remove = before.filter((id) => !after.includes(id));
  if (!add.length && !remove.length) return null;
  return { ...(add.length ? { [addKey]: add } : {}), ...(remove.length ? { [removeKey]: remove } : {}) };
}

export interface Restore {
  id: number;
  /** The PATCH that puts back what the bulk change changed on this issue. */
  body: { statusId?: number; priority?: Priority; assigneeId?: number | null; labelIds?: number[]; streamIds?: number[]; cycleId?: number | null; milestoneId?: number | null };
  /** The same, as the list shows it. */
  optimistic: Partial<IssueListItem>;
}

/** Undo of a bulk change: for each issue as it was before, the fields the patch touched, put back. */
export function restoresOf(before: readonly (Item & { id: number })[], patch: BulkPatch): Restore[] {
  return before.map((i) => {
    const body: Restore['body'] = {};
    const optimistic: Partial<IssueListItem> = {};
    if (patch.statusId !== undefined) body.statusId = optimistic.statusId = i.statusId;
    if (patch.priority !== undefined) body.priority = optimistic.priority = i.priority;
    if (patch.assigneeId !== undefined) {
      body.assigneeId = i.assignee?.id ?? null;
      optimistic.assignee = i.assignee ? { ...i.assignee } : null;
    }
    if (patch.addLabelIds || patch.removeLabelIds) body.labelIds = optimistic.labelIds = [...i.labelIds];
    if (patch.addStreamIds || patch.removeStreamIds) body.streamIds = optimistic.streamIds = [...i.streamIds];
    if (patch.cycleId !== undefined) body.cycleId = optimistic.cycleId = i.cycleId;
    if (patch.milestoneId !== undefined) body.milestoneId = optimistic.milestoneId = i.milestoneId;
    return { id: i.id, body, optimistic };
  });
}
