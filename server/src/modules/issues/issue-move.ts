import type { EntityManager } from '@mikro-orm/postgresql';
import type { bulkUpdateSchema, moveIssueSchema } from '@tracker/shared/api/issues';
import type { z } from 'zod';
import { fieldError, assertWritable } from '../projects/project-guards.ts';
import type { Viewer } from '../projects/project-access.ts';
import { requireIssue } from './issue-access.ts';
import { applyIssuePatch } from './issue.service.ts';
import { loadIssueState, type IssuePatch } from './issue-state.ts';
import { publishEvent } from '../events/publish.ts';
import { maxSortOrderIn, renumberColumn, setSortOrder, sortOrderIn } from './board-order.repository.ts';

const STEP = 1024;
// Below this gap halving stops being exact enough; the column is renumbered first.
const MIN_GAP = 1e-6;

/**
 * Board drag: moves an issue to `statusId` between `beforeId` (the card above its new place) and
 * `afterId` (the card below). The new sort order is the midpoint of the neighbours' orders.
 */
export async function moveIssue(em: EntityManager, actor: Viewer, issueId: number, input: z.output<typeof moveIssueSchema>): Promise<void> {
  await em.transactional(async (tem) => {
    const { issue, project } = await requireIssue(tem, actor, issueId, 'issue.edit');
    assertWritable(project);
    const state = await loadIssueState(tem, issue.id);
    await applyIssuePatch(tem, actor, state, { statusId: input.statusId });

    const column = { projectId: project.id, statusId: input.statusId };
    const neighbour = async (id: number | null, field: string) => {
      if (id == null) return null;
      const order = await sortOrderIn(tem, column, id, issue.id);
      if (order === undefined) throw fieldError(field, 'validation.unknownIssue');
      return order;
    };
    let before = await neighbour(input.beforeId, 'beforeId');
    let after = await neighbour(input.afterId, 'afterId');
    if (before != null && after != null && after - before < MIN_GAP) {
      await renumberColumn(tem, column, STEP);
      before = await neighbour(input.beforeId, 'beforeId');
      after = await neighbour(input.afterId, 'afterId');
    }
    let order: number;
    if (before != null && after != null) order = (before + after) / 2;
    else if (before != null) order = before + STEP;
    else if (after != null) order = after - STEP;
    else order = ((await maxSortOrderIn(tem, column, issue.id)) ?? 0) + STEP;
    await setSortOrder(tem, issue.id, order);
    await publishEvent(tem, { type: 'issue.updated', issueId: issue.id, projectId: project.id, streamIds: state.streamIds, actorId: actor.id });
  });
}

/**
 * Applies one patch to many issues in one transaction: every issue is checked for `issue.edit`
 * first, and any refusal or invalid value rolls everything back.
 */
export async function bulkUpdate(em: EntityManager, actor: Viewer, input: z.output<typeof bulkUpdateSchema>): Promise<number[]> {
  return em.transactional(async (tem) => {
    const checked: { id: number; projectId: number }[] = [];
    for (const id of new Set(input.ids)) {
      const { issue, project } = await requireIssue(tem, actor, id, 'issue.edit');
      assertWritable(project);
      checked.push({ id: issue.id, projectId: project.id });
    }
    // Projects in one order for every bulk edit: their data versions are locked at commit in the
    // order of the writes, and two edits of the same projects in opposite orders could deadlock.
    const ids = checked.sort((a, b) => a.projectId - b.projectId || a.id - b.id).map((c) => c.id);
    const { patch } = input;
    for (const id of ids) {
      const state = await loadIssueState(tem, id);
      const change: IssuePatch = {};
      if (patch.statusId !== undefined) change.statusId = patch.statusId;
      if (patch.assigneeId !== undefined) change.assigneeId = patch.assigneeId;
      if (patch.priority !== undefined) change.priority = patch.priority;
      if (patch.cycleId !== undefined) change.cycleId = patch.cycleId;
      if (patch.milestoneId !== undefined) change.milestoneId = patch.milestoneId;
      if (patch.addLabelIds || patch.removeLabelIds) {
        change.labelIds = [...new Set([...state.labelIds, ...(patch.addLabelIds ?? [])])].filter((l) => !(patch.removeLabelIds ?? []).includes(l));
      }
      if (patch.addStreamIds || patch.removeStreamIds) {
        change.streamIds = [...new Set([...state.streamIds, ...(patch.addStreamIds ?? [])])].filter((s) => !(patch.removeStreamIds ?? []).includes(s));
      }
      await applyIssuePatch(tem, actor, state, change);
    }
    return ids.toSorted((a, b) => a - b);
  });
}
