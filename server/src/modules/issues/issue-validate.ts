import type { EntityManager } from '@mikro-orm/postgresql';
import type { StatusCategory } from '@tracker/shared/api/projects';
import { fieldError } from '../projects/project-guards.ts';
import { countProjectLabels, countStreams, cycleOf, firstOpenStatus, isInParentChain, milestoneProject, projectOfIssue, statusCategory, userSeesProject } from './issue-validate.repository.ts';

// Checks that references in an issue write point at things that exist and belong to the issue's
// project. Each failure is a 400 naming the request field, like a zod error.

export async function statusInProject(em: EntityManager, projectId: number, statusId: number): Promise<StatusCategory> {
  const category = await statusCategory(em, projectId, statusId);
  if (!category) throw fieldError('statusId', 'validation.unknownStatus');
  return category;
}

/** The first status of the project in category backlog or unstarted (else the first status). */
export async function defaultStatus(em: EntityManager, projectId: number): Promise<{ id: number; category: StatusCategory }> {
  const status = await firstOpenStatus(em, projectId);
  if (!status) throw fieldError('statusId', 'validation.unknownStatus');
  return status;
}

export async function labelsInProject(em: EntityManager, projectId: number, ids: readonly number[], field = 'labelIds') {
  if (!ids.length) return;
  const distinct = [...new Set(ids)];
  if ((await countProjectLabels(em, projectId, distinct)) !== distinct.length) throw fieldError(field, 'validation.unknownLabel');
}

export async function streamsExist(em: EntityManager, ids: readonly number[], field = 'streamIds') {
  if (!ids.length) return;
  const distinct = [...new Set(ids)];
  if ((await countStreams(em, distinct)) !== distinct.length) throw fieldError(field, 'validation.unknownStream');
}

export async function assigneeCanView(em: EntityManager, projectId: number, userId: number | null, field = 'assigneeId') {
  if (userId == null) return;
  if (!(await userSeesProject(em, userId, projectId))) throw fieldError(field, 'validation.assigneeNoAccess');
}

/**
 * A parent must be an issue of the same project, and must not be the issue itself or one of its
 * descendants (that would make a cycle).
 */
export async function validParent(em: EntityManager, projectId: number, parentId: number | null, issueId?: number) {
  if (parentId == null) return;
  if ((await projectOfIssue(em, parentId)) !== projectId) throw fieldError('parentId', 'validation.unknownIssue');
  if (issueId == null) return;
  if (await isInParentChain(em, parentId, issueId)) throw fieldError('parentId', 'validation.parentCycle');
}

/** A cycle must be one of the project's that has not ended (an ended one's numbers are history). */
export async function validCycle(em: EntityManager, projectId: number, cycleId: number | null, field = 'cycleId') {
  if (cycleId == null) return;
  const cycle = await cycleOf(em, cycleId);
  if (cycle?.projectId !== projectId) throw fieldError(field, 'validation.unknownCycle');
  if (cycle.ended) throw fieldError(field, 'validation.cycleEnded');
}

export async function validMilestone(em: EntityManager, projectId: number, milestoneId: number | null, field = 'milestoneId') {
  if (milestoneId == null) return;
  if ((await milestoneProject(em, milestoneId)) !== projectId) throw fieldError(field, 'validation.unknownMilestone');
}
