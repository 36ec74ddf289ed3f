// Milestones (issue 29, docs/cycles.md): named target dates of a project; an issue belongs to one at most.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { createMilestoneSchema, MilestoneProgress, updateMilestoneSchema } from '@tracker/shared/api/milestones';
import { notFound } from '@tracker/shared/domain-errors';
import type { z } from 'zod';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { deleteMilestoneRow, insertMilestone, lockMilestone, projectMilestones, selectMilestone, updateMilestoneRow } from './milestone.repository.ts';

export async function listMilestones(em: EntityManager, viewer: Viewer, projectRef: number): Promise<MilestoneProgress[]> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.view');
  return projectMilestones(em, project.id);
}

/** The milestone's project as the caller may use it; a milestone of a project they cannot see is a 404. */
async function requireMilestone(em: EntityManager, viewer: Viewer, id: number, capability: 'project.view' | 'project.plan') {
  const milestone = capability === 'project.plan' ? await lockMilestone(em, id) : await selectMilestone(em, id);
  if (!milestone) throw notFound('milestone');
  return requireProject(em, viewer, milestone.projectId, capability).catch((err: unknown) => {
    throw (err as { kind?: string }).kind === 'not_found' ? notFound('milestone') : err;
  });
}

export async function getMilestone(em: EntityManager, viewer: Viewer, id: number): Promise<MilestoneProgress> {
  await requireMilestone(em, viewer, id, 'project.view');
  return (await selectMilestone(em, id))!;
}

export async function createMilestone(em: EntityManager, viewer: Viewer, projectRef: number, input: z.output<typeof createMilestoneSchema>): Promise<MilestoneProgress> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectRef, 'project.plan');
    assertWritable(project);
    const id = await insertMilestone(tx, { projectId: project.id, ...input });
    return (await selectMilestone(tx, id))!;
  });
}

export async function updateMilestone(em: EntityManager, viewer: Viewer, id: number, input: z.output<typeof updateMilestoneSchema>): Promise<MilestoneProgress> {
  return em.transactional(async (tx) => {
    const { project } = await requireMilestone(tx, viewer, id, 'project.plan');
    assertWritable(project);
    await updateMilestoneRow(tx, id, input);
    return (await selectMilestone(tx, id))!;
  });
}

export async function deleteMilestone(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { project } = await requireMilestone(tx, viewer, id, 'project.plan');
    assertWritable(project);
    await deleteMilestoneRow(tx, id);
  });
}
