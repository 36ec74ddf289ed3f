import { takeIssueNumber } from '../projects/project.repository.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PRIORITY_VALUE, type createIssueSchema, type Priority, type RecurrenceInput } from '@tracker/shared/api/issues';
import type { StatusCategory } from '@tracker/shared/api/projects';
import type { z } from 'zod';
import { validateCustomValues, type CustomValues } from '../custom-fields/custom-values.ts';
import { publishEvent } from '../events/publish.ts';
import type { Viewer } from '../projects/project-access.ts';
import { assertWritable, fieldError } from '../projects/project-guards.ts';
import { recordActivities, type ActivityInput } from '../activity/activity.ts';
import { onIssueCompleted, setRecurrence } from '../recurrence/recurrence.service.ts';
import { syncIssueClocks } from '../sla-clock/clock.ts';
import { requireIssue } from './issue-access.ts';
import { requireProject } from '../projects/project-access.ts';
import { assigneeCanView, defaultStatus, labelsInProject, statusInProject, streamsExist, validCycle, validMilestone, validParent } from './issue-validate.ts';
import { loadIssueState, type IssueEdit, type IssuePatch, type IssueState } from './issue-state.ts';
import {
  addIssueLinks,
  addWatcher,
  deleteIssueRow,
  insertIssue,
  removeIssueLinks,
  streamIdsOf,
  updateIssueRow,
  type IssueColumns,
} from './issue.repository.ts';

/** The patch fields that are columns of the issue's row, and their columns. */
const COLUMNS = {
  title: 'title',
  description: 'description',
  statusId: 'status_id',
  priority: 'priority',
  assigneeId: 'assignee_id',
  startDate: 'start_date',
  dueDate: 'due_date',
  estimate: 'estimate',
  parentId: 'parent_id',
  cycleId: 'cycle_id',
  milestoneId: 'milestone_id',
} as const satisfies Record<string, keyof IssueColumns>;
const isColumn = (field: string): field is keyof typeof COLUMNS => Object.hasOwn(COLUMNS, field);
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
const isDone = (c: StatusCategory) => c === 'completed';

/**
 * Applies a patch to a locked issue inside the caller's transaction: validates references, writes
 * the changed columns, labels and streams, and records one activity row per changed field (old →
 * new, `field` = the API name), plus stream feed events. Returns the names of the changed fields.
 */
export async function applyIssuePatch(em: EntityManager, actor: Viewer, state: IssueState, patch: IssuePatch): Promise<string[]> {
  const next = { ...state };
  const changes: { field: string; old: unknown; new: unknown }[] = [];
  let category = state.category;

  if (patch.statusId !== undefined && patch.statusId !== state.statusId) category = await statusInProject(em, state.projectId, patch.statusId);
  if (patch.assigneeId !== undefined && patch.assigneeId !== state.assigneeId) await assigneeCanView(em, state.projectId, patch.assigneeId);
  if (patch.labelIds) await labelsInProject(em, state.projectId, patch.labelIds);
  if (patch.streamIds) await streamsExist(em, patch.streamIds);
  if (patch.parentId !== undefined && patch.parentId !== state.parentId) await validParent(em, state.projectId, patch.parentId, state.id);
  if (patch.cycleId !== undefined && patch.cycleId !== state.cycleId) await validCycle(em, state.projectId, patch.cycleId);
  if (patch.milestoneId !== undefined && patch.milestoneId !== state.milestoneId) await validMilestone(em, state.projectId, patch.milestoneId);

  for (const field of Object.keys(COLUMNS) as (keyof typeof COLUMNS & keyof IssuePatch)[]) {
    const value = patch[field];
    if (value === undefined || value === state[field]) continue;
    (next as Record<string, unknown>)[field] = value;
    changes.push({ field, old: state[field], new: value });
  }
  if (next.startDate && next.dueDate && next.startDate > next.dueDate) throw fieldError('dueDate', 'validation.dueBeforeStart');
  for (const field of ['labelIds', 'streamIds'] as const) {
    const value = patch[field];
    if (value && !sameSet(value, state[field])) {
      next[field] = [...new Set(value)].sort((a, b) => a - b);
      changes.push({ field, old: state[field], new: next[field] });
    }
  }
  if (patch.customValues) {
    const stored = await validateCustomValues(em, { projectId: state.projectId, values: patch.customValues, existing: state.customValues, mode: 'update' });
    const keys = [...new Set([...Object.keys(stored), ...Object.keys(state.customValues)])].filter((k) => JSON.stringify(stored[k]) !== JSON.stringify(state.customValues[k]));
    if (keys.length) {
      next.customValues = stored;
      const pick = (values: CustomValues) => Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));
      changes.push({ field: 'customValues', old: pick(state.customValues), new: pick(stored) });
    }
  }
  if (!changes.length) return [];

  const columns: Record<string, unknown> = {};
  for (const c of changes) if (isColumn(c.field)) columns[COLUMNS[c.field]] = c.field === 'priority' ? PRIORITY_VALUE[c.new as Priority] : c.new;
  await updateIssueRow(em, state.id, columns as IssueColumns, {
    customValues: changes.some((c) => c.field === 'customValues') ? next.customValues : undefined,
    // Link tables have no row of the issue to compare: stamp them with the version being made.
    linkFields: changes.flatMap((c) => (c.field === 'labelIds' || c.field === 'streamIds' ? [c.field] : [])),
    completed: category !== state.category && isDone(category) !== isDone(state.category) ? isDone(category) : undefined,
  });

  const addedStreams = next.streamIds.filter((s) => !state.streamIds.includes(s));
  const removedStreams = state.streamIds.filter((s) => !next.streamIds.includes(s));
  await syncLinks(em, 'issue_labels', state.id, state.labelIds, next.labelIds);
  await syncLinks(em, 'issue_streams', state.id, state.streamIds, next.streamIds);
  if (changes.some((c) => c.field === 'priority' || c.field === 'statusId')) await syncIssueClocks(em, [state.id]);

  const base = { projectId: state.projectId, issueId: state.id, actorId: actor.id };
  // Each change pairs a field with a value of that field's type (the loops above), which TypeScript
  // cannot follow through the generic key: the Activity union (shared/api/issues.ts) states the pairs.
  const rows: ActivityInput[] = changes.map((c) => ({ ...base, action: 'updated', field: c.field, oldValue: c.old, newValue: c.new }) as ActivityInput);
  rows.push(...addedStreams.map((streamId) => ({ ...base, streamId, action: 'stream.issue_added' as const })));
  rows.push(...removedStreams.map((streamId) => ({ ...base, streamId, action: 'stream.issue_removed' as const })));
  if (isDone(category) && !isDone(state.category)) rows.push(...next.streamIds.map((streamId) => ({ ...base, streamId, action: 'stream.issue_completed' as const })));
  await recordActivities(em, rows);
  await publishEvent(em, { type: 'issue.updated', issueId: state.id, projectId: state.projectId, streamIds: [...new Set([...state.streamIds, ...next.streamIds])], actorId: actor.id });
  // Every status path (web, bot, bulk, board) comes through here: a repeating issue's next one is made now.
  if (isDone(category) && !isDone(state.category)) await onIssueCompleted(em, state.id);
  return changes.map((c) => c.field);
}

async function syncLinks(em: EntityManager, table: 'issue_labels' | 'issue_streams', issueId: number, before: number[], after: number[]) {
  const removed = before.filter((id) => !after.includes(id));
  const added = after.filter((id) => !before.includes(id));
  if (removed.length) await removeIssueLinks(em, table, issueId, removed);
  if (added.length) await addIssueLinks(em, table, issueId, added);
}

/** The fields of `patch` that would change `state` (set-equal arrays and equal values do not). */
export function fieldsChangedBy(state: IssueState, patch: IssuePatch): string[] {
  return (Object.keys(patch) as (keyof IssuePatch)[]).filter((field) => {
    const value = patch[field];
    if (value === undefined) return false;
    if (field === 'labelIds' || field === 'streamIds') return !sameSet(value as number[], state[field]);
    if (field === 'customValues') return Object.entries(value as CustomValues).some(([k, v]) => JSON.stringify(v ?? null) !== JSON.stringify(state.customValues[k] ?? null));
    return value !== state[field];
  });
}

/** A stale edit: fields it changes were changed after its base version. */
export interface EditConflict {
  fields: string[];
  version: number;
}

/**
 * Checks edit rights and the archive flag, locks the issue and applies the patch. With a
 * `baseVersion` (the version the editor started from), a patch that would change a field changed
 * since then is not applied: `onConflict` makes the error to throw. Other fields merge.
 */
export async function updateIssue(
  em: EntityManager,
  actor: Viewer,
  ref: number | string,
  edit: IssueEdit,
  check?: { baseVersion: number; onConflict: (conflict: EditConflict, issueId: number, em: EntityManager) => Promise<Error> },
): Promise<number> {
  const { recurrence, ...patch } = edit;
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, actor, ref, 'issue.edit');
    assertWritable(project);
    const state = await loadIssueState(tem, issue.id);
    if (check) {
      const { baseVersion } = check;
      const stale = fieldsChangedBy(state, patch).filter((field) => baseVersion > state.version || (state.fieldVersions[field] ?? 0) > baseVersion);
      if (stale.length) throw await check.onConflict({ fields: stale, version: state.version }, issue.id, tem);
    }
    await applyIssuePatch(tem, actor, state, patch);
    if (recurrence !== undefined) await setIssueRecurrence(tem, actor, state, patch, recurrence);
    return issue.id;
  });
}

/** The recurrence part of a PATCH, after its fields (a new due date anchors a rule without DTSTART). */
async function setIssueRecurrence(em: EntityManager, actor: Viewer, state: IssueState, patch: IssuePatch, recurrence: RecurrenceInput | null) {
  const dueDate = patch.dueDate !== undefined ? patch.dueDate : state.dueDate;
  await setRecurrence(em, actor.id, { id: state.id, projectId: state.projectId, dueDate, streamIds: patch.streamIds ?? state.streamIds }, recurrence);
}

/**
 * An edit made at `editedAt` (offline, sent later) applied field by field with last-writer-wins: a
 * field someone changed after that time keeps their value; the others are applied. Returns the
 * fields that were not applied (overridden by a later write).
 */
export async function updateIssueLastWriterWins(em: EntityManager, actor: Viewer, ref: number | string, edit: IssueEdit, editedAt: Date): Promise<{ id: number; overridden: string[] }> {
  const { recurrence, ...patch } = edit;
  return em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, actor, ref, 'issue.edit');
    assertWritable(project);
    const state = await loadIssueState(tem, issue.id);
    const overridden = fieldsChangedBy(state, patch).filter((field) => {
      const changed = state.fieldChangedAt[field];
      return changed !== undefined && Date.parse(changed) > editedAt.getTime();
    });
    const kept = { ...patch };
    for (const field of overridden) delete kept[field as keyof IssuePatch];
    await applyIssuePatch(tem, actor, state, kept);
    if (recurrence !== undefined) await setIssueRecurrence(tem, actor, state, kept, recurrence);
    return { id: issue.id, overridden };
  });
}

/** Creates an issue numbered `KEY-N` from the project's counter (a row lock makes it safe under concurrency). */
export async function createIssue(em: EntityManager, actor: Viewer, input: z.output<typeof createIssueSchema>): Promise<number> {
  return em.transactional(async (tem) => {
    const { project } = await requireProject(tem, actor, input.projectId, 'issue.create');
    assertWritable(project);
    const status = input.statusId ? { id: input.statusId, category: await statusInProject(tem, project.id, input.statusId) } : await defaultStatus(tem, project.id);
    await assigneeCanView(tem, project.id, input.assigneeId);
    await labelsInProject(tem, project.id, input.labelIds);
    await streamsExist(tem, input.streamIds);
    await validParent(tem, project.id, input.parentId);
    await validCycle(tem, project.id, input.cycleId);
    await validMilestone(tem, project.id, input.milestoneId);
    const customValues = await validateCustomValues(tem, { projectId: project.id, values: input.customValues, mode: 'create' });

    const id = await insertIssue(tem, {
      projectId: project.id,
      number: await takeIssueNumber(tem, project.id),
      title: input.title,
      description: input.description,
      statusId: status.id,
      completed: status.category === 'completed',
      priority: PRIORITY_VALUE[input.priority],
      assigneeId: input.assigneeId,
      reporterId: actor.id,
      startDate: input.startDate,
      dueDate: input.dueDate,
      estimate: input.estimate,
      parentId: input.parentId,
      cycleId: input.cycleId,
      milestoneId: input.milestoneId,
      customValues,
    });
    await syncLinks(tem, 'issue_labels', id, [], [...new Set(input.labelIds)]);
    await syncLinks(tem, 'issue_streams', id, [], [...new Set(input.streamIds)]);
    await addWatcher(tem, id, actor.id);
    await syncIssueClocks(tem, [id]);
    const base = { projectId: project.id, issueId: id, actorId: actor.id };
    await recordActivities(tem, [
      { ...base, action: 'created' },
      ...[...new Set(input.streamIds)].map((streamId) => ({ ...base, streamId, action: 'stream.issue_added' as const })),
    ]);
    await publishEvent(tem, { type: 'issue.created', issueId: id, projectId: project.id, streamIds: input.streamIds, actorId: actor.id });
    return id;
  });
}

export async function deleteIssue(em: EntityManager, actor: Viewer, ref: number | string): Promise<void> {
  await em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, actor, ref, 'issue.delete');
    assertWritable(project);
    const streamIds = await streamIdsOf(tem, issue.id);
    await deleteIssueRow(tem, issue.id);
    await recordActivities(tem, [{ projectId: project.id, actorId: actor.id, action: 'issue.deleted', oldValue: { id: issue.id, key: `${project.key}-${issue.number}`, title: issue.title } }]);
    await publishEvent(tem, { type: 'issue.deleted', issueId: issue.id, projectId: project.id, streamIds, actorId: actor.id });
  });
}
