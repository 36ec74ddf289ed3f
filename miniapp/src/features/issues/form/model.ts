// The issue form's values, turned into a create request or a PATCH of only what changed, and the
// quick-add sync: recognised tokens drive their fields until the user edits those fields.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { CreateIssueRequest, IssueDetail, Priority, UpdateIssueRequest } from '@tracker/shared/api/issues';
import type { Label, Project } from '@tracker/shared/api/projects';
import type { QuickAddResult } from '@tracker/shared/quick-add/index';
import { changedCustomValues, customValuesPayload, type CustomValues } from '../custom-fields/values.ts';

export interface IssueFormValues {
  projectId: number | null;
  title: string;
  description: string;
  statusId: number | null;
  priority: Priority;
  assigneeId: number | null;
  labelIds: number[];
  streamIds: number[];
  startDate: string;
  dueDate: string;
  /** As typed; '' is no estimate. */
  estimate: string;
  parentId: number | null;
  /** The cycle (issue 29): its picker, or quick add's `*current` / `*next`. */
  cycleId: number | null;
  milestoneId: number | null;
  customValues: CustomValues;
}

export const emptyValues = (): IssueFormValues => ({
  projectId: null,
  title: '',
  description: '',
  statusId: null,
  priority: 'none',
  assigneeId: null,
  labelIds: [],
  streamIds: [],
  startDate: '',
  dueDate: '',
  estimate: '',
  parentId: null,
  cycleId: null,
  milestoneId: null,
  customValues: {},
});

export function valuesFromIssue(issue: IssueDetail): IssueFormValues {
  return {
    projectId: issue.projectId,
    title: issue.title,
    description: issue.description,
    statusId: issue.statusId,
    priority: issue.priority,
    assigneeId: issue.assignee?.id ?? null,
    labelIds: [...issue.labelIds],
    streamIds: [...issue.streamIds],
    startDate: issue.startDate ?? '',
    dueDate: issue.dueDate ?? '',
    estimate: issue.estimate == null ? '' : String(issue.estimate),
    parentId: issue.parentId,
    cycleId: issue.cycleId,
    milestoneId: issue.milestoneId,
    customValues: { ...issue.customValues },
  };
}

const estimateValue = (s: string): number | null => (s.trim() === '' ? null : Number(s.replace(',', '.')));

export function toCreateRequest(v: IssueFormValues, fields: readonly CustomField[]): CreateIssueRequest {
  return {
    projectId: v.projectId ?? 0,
    title: v.title,
    description: v.description,
    ...(v.statusId ? { statusId: v.statusId } : {}),
    priority: v.priority,
    assigneeId: v.assigneeId,
    labelIds: v.labelIds,
    streamIds: v.streamIds,
    startDate: v.startDate || null,
    dueDate: v.dueDate || null,
    estimate: estimateValue(v.estimate),
    parentId: v.parentId,
    cycleId: v.cycleId,
    milestoneId: v.milestoneId,
    customValues: customValuesPayload(fields, v.customValues),
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The PATCH body: only fields whose value differs from the issue as loaded. */
export function toPatch(before: IssueFormValues, v: IssueFormValues, fields: readonly CustomField[]): UpdateIssueRequest {
  const patch: UpdateIssueRequest = {};
  if (v.title !== before.title) patch.title = v.title;
  if (v.description !== before.description) patch.description = v.description;
  if (v.statusId !== before.statusId && v.statusId) patch.statusId = v.statusId;
  if (v.priority !== before.priority) patch.priority = v.priority;
  if (v.assigneeId !== before.assigneeId) patch.assigneeId = v.assigneeId;
  if (!sameSet(v.labelIds, before.labelIds)) patch.labelIds = v.labelIds;
  if (!sameSet(v.streamIds, before.streamIds)) patch.streamIds = v.streamIds;
  if (v.startDate !== before.startDate) patch.startDate = v.startDate || null;
  if (v.dueDate !== before.dueDate) patch.dueDate = v.dueDate || null;
  if (estimateValue(v.estimate) !== estimateValue(before.estimate)) patch.estimate = estimateValue(v.estimate);
  if (v.parentId !== before.parentId) patch.parentId = v.parentId;
  if (v.cycleId !== before.cycleId) patch.cycleId = v.cycleId;
  if (v.milestoneId !== before.milestoneId) patch.milestoneId = v.milestoneId;
  const custom = changedCustomValues(before.customValues, customValuesPayload(fields, v.customValues));
  if (Object.keys(custom).length) patch.customValues = custom;
  return patch;
}

/** Form fields a quick-add line can fill. */
export type QuickPatch = Partial<Pick<IssueFormValues, 'title' | 'dueDate' | 'assigneeId' | 'labelIds' | 'priority' | 'projectId' | 'cycleId'>>;

/**
 * What a parsed line sets: title, due date, priority, the project named by `+KEY` (when I may
 * create issues there), labels matched case-insensitively among the project's labels, the
 * resolved assignee (`assigneeId` undefined while it is being looked up) and the project's current
 * or next cycle for `*current` / `*next` (`cycleId` null when it has none: the issue is made in none).
 */
export function quickPatch(
  parsed: QuickAddResult,
  ctx: { projects: readonly Pick<Project, 'id' | 'key'>[]; labels: readonly Label[]; assigneeId: number | null | undefined; cycleId?: number | null },
): QuickPatch {
  const patch: QuickPatch = parsed.title ? { title: parsed.title } : {};
  if (parsed.dueDate) patch.dueDate = parsed.dueDate;
  if (parsed.priority) patch.priority = parsed.priority;
  if (parsed.projectKey) {
    const project = ctx.projects.find((p) => p.key === parsed.projectKey);
    if (project) patch.projectId = project.id;
  }
  const labelIds = parsed.labels.map((name) => ctx.labels.find((l) => l.name.toLowerCase() === name.toLowerCase())?.id).filter((id): id is number => id !== undefined);
  if (labelIds.length) patch.labelIds = labelIds;
  if (parsed.assignee && ctx.assigneeId) patch.assigneeId = ctx.assigneeId;
  if (parsed.cycle && ctx.cycleId) patch.cycleId = ctx.cycleId;
  return patch;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a new quick-add patch over the form: a field the line now sets differently is set; a
 * field the previous line set and the new one no longer does goes back to `base` — unless the user
 * has changed it since (then it is theirs and stays).
 */
export function syncQuickPatch(values: IssueFormValues, prev: QuickPatch, next: QuickPatch, base: IssueFormValues): IssueFormValues {
  const out = { ...values } as Record<string, unknown>;
  const keys = new Set([...Object.keys(prev), ...Object.keys(next)]) as Set<keyof QuickPatch>;
  for (const key of keys) {
    if (key in next) {
      if (!(key in prev) || !equal(prev[key], next[key])) out[key] = next[key];
    } else if (equal(values[key], prev[key])) {
      out[key] = base[key];
    }
  }
  return out as unknown as IssueFormValues;
}
