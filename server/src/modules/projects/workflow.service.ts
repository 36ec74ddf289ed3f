import type { EntityManager } from '@mikro-orm/postgresql';
import type { createLabelSchema, createStatusSchema, Label, Status, updateLabelSchema, updateStatusSchema } from '@tracker/shared/api/projects';
import type { z } from 'zod';
import { conflict, DomainError, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import { recordActivities } from '../activity/activity.ts';
import { statusChanged, syncIssueClocks } from '../sla-clock/clock.ts';
import type { User } from '../users/user.entity.ts';
import type { ProjectAccess } from './project-access.ts';
import { assertWritable, fieldError } from './project-guards.ts';
import { listLabels, listStatuses } from './project-reads.repository.ts';
import {
  deleteLabelRow,
  deleteStatusRow,
  insertLabel,
  insertStatus,
  lockedStatuses,
  moveIssuesToStatus,
  projectIdOf,
  setStatusOrder,
  syncCompletedAt,
  updateLabelFields,
  updateStatusFields,
} from './workflow.repository.ts';

const lastStatus = (which: 'any' | 'completed') =>
  new DomainError('conflict', { code: 'last_status', key: which === 'any' ? 'errors.workflow.lastStatus' : 'errors.workflow.lastCompleted' });
const labelTaken = () => conflict('conflict', 'name');

const projectEvent = (em: EntityManager, projectId: number, actorId: number) =>
  publishEvent(em, { type: 'project.updated', issueId: null, projectId, streamIds: [], actorId });

// A change answers what the workflow shows after it: the status or label as the project page lists
// it, or the whole workflow after a reorder (undefined only if it went meanwhile).
const statusOf = async (em: EntityManager, projectId: number, id: number) => (await listStatuses(em, projectId)).find((s) => s.id === id);
const labelOf = async (em: EntityManager, projectId: number, id: number) => (await listLabels(em, projectId)).find((l) => l.id === id);

/** Triage is one status of a project (issue 26; the database keeps it so too). */
async function oneTriage(em: EntityManager, projectId: number) {
  const statuses = await lockedStatuses(em, projectId);
  if (statuses.some((s) => s.category === 'triage')) throw fieldError('category', 'validation.oneTriage');
}

export async function createStatus(em: EntityManager, actor: User, access: ProjectAccess, input: z.output<typeof createStatusSchema>): Promise<Status | undefined> {
  assertWritable(access.project);
  const id = await em.transactional(async (tem) => {
    if (input.category === 'triage') await oneTriage(tem, access.project.id);
    const created = await insertStatus(tem, access.project.id, input);
    await projectEvent(tem, access.project.id, actor.id);
    return created;
  });
  return statusOf(em, access.project.id, id);
}

export async function updateStatus(em: EntityManager, actor: User, access: ProjectAccess, statusId: number, patch: z.output<typeof updateStatusSchema>): Promise<Status | undefined> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await lockedStatuses(tem, access.project.id);
    const status = statuses.find((s) => s.id === statusId)!;
    if (patch.category === 'triage' && status.category !== 'triage') await oneTriage(tem, access.project.id);
    if (patch.category && status.category === 'completed' && patch.category !== 'completed' && statuses.filter((s) => s.category === 'completed').length === 1) {
      throw lastStatus('completed');
    }
    if (patch.name === undefined && patch.category === undefined && patch.color === undefined && patch.waiting === undefined) return;
    await updateStatusFields(tem, statusId, patch);
    if (patch.category && patch.category !== status.category) await syncCompletedAt(tem, statusId);
    if ((patch.category && patch.category !== status.category) || (patch.waiting !== undefined && patch.waiting !== status.waiting)) await statusChanged(tem, statusId);
    await projectEvent(tem, access.project.id, actor.id);
  });
  return statusOf(em, access.project.id, statusId);
}

/** Deletes a status after moving its issues (with an activity row each) to another status of the project. */
export async function deleteStatus(em: EntityManager, actor: User, access: ProjectAccess, statusId: number, moveTo: number) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await lockedStatuses(tem, access.project.id);
    const status = statuses.find((s) => s.id === statusId)!;
    if (statuses.length === 1) throw lastStatus('any');
    if (status.category === 'completed' && statuses.filter((s) => s.category === 'completed').length === 1) {
      throw lastStatus('completed');
    }
    if (moveTo === statusId || !statuses.some((s) => s.id === moveTo)) throw fieldError('moveTo', 'validation.unknownStatus');
    const moved = await moveIssuesToStatus(tem, statusId, moveTo);
    await recordActivities(
      tem,
      moved.map((issueId) => ({ projectId: access.project.id, issueId, actorId: actor.id, action: 'updated', field: 'statusId', oldValue: statusId, newValue: moveTo })),
    );
    await syncIssueClocks(tem, moved);
    await deleteStatusRow(tem, statusId);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

/** Sets the workflow order; `ids` must list every status of the project exactly once. */
export async function reorderStatuses(em: EntityManager, actor: User, access: ProjectAccess, ids: number[]): Promise<Status[]> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await lockedStatuses(tem, access.project.id);
    const known = new Set(statuses.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw fieldError('ids', 'validation.invalid');
    await setStatusOrder(tem, ids);
    await projectEvent(tem, access.project.id, actor.id);
  });
  return listStatuses(em, access.project.id);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' || (err as Error).name === 'UniqueConstraintViolationException';

export async function createLabel(em: EntityManager, actor: User, access: ProjectAccess, input: z.output<typeof createLabelSchema>): Promise<Label | undefined> {
  assertWritable(access.project);
  let id: number;
  try {
    id = await em.transactional(async (tem) => {
      const created = await insertLabel(tem, access.project.id, input);
      await projectEvent(tem, access.project.id, actor.id);
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw labelTaken();
    throw err;
  }
  return labelOf(em, access.project.id, id);
}

export async function updateLabel(em: EntityManager, actor: User, access: ProjectAccess, labelId: number, patch: z.output<typeof updateLabelSchema>): Promise<Label | undefined> {
  assertWritable(access.project);
  if (patch.name === undefined && patch.color === undefined) return labelOf(em, access.project.id, labelId);
  try {
    await em.transactional(async (tem) => {
      await updateLabelFields(tem, labelId, patch);
      await projectEvent(tem, access.project.id, actor.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw labelTaken();
    throw err;
  }
  return labelOf(em, access.project.id, labelId);
}

export async function deleteLabel(em: EntityManager, actor: User, access: ProjectAccess, labelId: number) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    await deleteLabelRow(tem, labelId);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

/** The project a status or label belongs to, or 404. */
export async function ownerProjectOf(em: EntityManager, table: 'statuses' | 'labels', id: number): Promise<number> {
  const projectId = await projectIdOf(em, table, id);
  if (projectId === null) throw notFound();
  return projectId;
}
