import type { EntityManager } from '@mikro-orm/postgresql';
import type { createLabelSchema, createStatusSchema, StatusCategory, updateLabelSchema, updateStatusSchema } from '@tracker/shared/api/projects';
import type { z } from 'zod';
import { conflict, DomainError, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import { recordActivities } from '../activity/activity.ts';
import type { User } from '../users/user.entity.ts';
import type { ProjectAccess } from './project-access.ts';
import { assertWritable, fieldError } from './project-guards.ts';
import { intArray } from '../../db/sql.ts';

const lastStatus = (which: 'any' | 'completed') =>
  new DomainError('conflict', { code: 'last_status', key: which === 'any' ? 'errors.workflow.lastStatus' : 'errors.workflow.lastCompleted' });
const labelTaken = () => conflict('conflict', 'name');

const projectEvent = (em: EntityManager, projectId: number, actorId: number) =>
  publishEvent(em, { type: 'project.updated', issueId: null, projectId, streamIds: [], actorId });

type StatusRow = { id: number; category: StatusCategory };

async function projectStatuses(em: EntityManager, projectId: number): Promise<StatusRow[]> {
  return em.execute<StatusRow[]>('select id, category from statuses where project_id = ? order by position, id for update', [projectId]);
}

/** Keeps issues' completed_at in step with their status category after a category change. */
async function syncCompletedAt(em: EntityManager, statusId: number) {
  await em.execute(
    `update issues i set completed_at = case when s.category = 'completed' then coalesce(i.completed_at, now()) else null end
       from statuses s where s.id = i.status_id and i.status_id = ?`,
    [statusId],
  );
}

/** Triage is one status of a project (issue 26; the database keeps it so too). */
async function oneTriage(em: EntityManager, projectId: number) {
  const statuses = await projectStatuses(em, projectId);
  if (statuses.some((s) => s.category === 'triage')) throw fieldError('category', 'validation.oneTriage');
}

export async function createStatus(em: EntityManager, actor: User, access: ProjectAccess, input: z.output<typeof createStatusSchema>): Promise<number> {
  assertWritable(access.project);
  return em.transactional(async (tem) => {
    if (input.category === 'triage') await oneTriage(tem, access.project.id);
    const [row] = await tem.execute<{ id: number }[]>(
      `insert into statuses (project_id, name, category, color, position)
       values (?, ?, ?, ?, (select coalesce(max(position) + 1, 0) from statuses where project_id = ?)) returning id`,
      [access.project.id, input.name, input.category, input.color, access.project.id],
    );
    await projectEvent(tem, access.project.id, actor.id);
    return row!.id;
  });
}

export async function updateStatus(em: EntityManager, actor: User, access: ProjectAccess, statusId: number, patch: z.output<typeof updateStatusSchema>) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await projectStatuses(tem, access.project.id);
    const status = statuses.find((s) => s.id === statusId)!;
    if (patch.category === 'triage' && status.category !== 'triage') await oneTriage(tem, access.project.id);
    if (patch.category && status.category === 'completed' && patch.category !== 'completed' && statuses.filter((s) => s.category === 'completed').length === 1) {
      throw lastStatus('completed');
    }
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [key, column] of [['name', 'name'], ['category', 'category'], ['color', 'color']] as const) {
      if (patch[key] !== undefined) {
        sets.push(`${column} = ?`);
        params.push(patch[key]);
      }
    }
    if (!sets.length) return;
    await tem.execute(`update statuses set ${sets.join(', ')} where id = ?`, [...params, statusId]);
    if (patch.category && patch.category !== status.category) await syncCompletedAt(tem, statusId);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

/** Deletes a status after moving its issues (with an activity row each) to another status of the project. */
export async function deleteStatus(em: EntityManager, actor: User, access: ProjectAccess, statusId: number, moveTo: number) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await projectStatuses(tem, access.project.id);
    const status = statuses.find((s) => s.id === statusId)!;
    if (statuses.length === 1) throw lastStatus('any');
    if (status.category === 'completed' && statuses.filter((s) => s.category === 'completed').length === 1) {
      throw lastStatus('completed');
    }
    if (moveTo === statusId || !statuses.some((s) => s.id === moveTo)) throw fieldError('moveTo', 'validation.unknownStatus');
    const moved = await tem.execute<{ id: number }[]>(
      `update issues i set status_id = ?, updated_at = now(),
              completed_at = case when t.category = 'completed' then coalesce(i.completed_at, now()) else null end
         from statuses t where t.id = ? and i.status_id = ? returning i.id`,
      [moveTo, moveTo, statusId],
    );
    await recordActivities(
      tem,
      moved.map((m) => ({ projectId: access.project.id, issueId: m.id, actorId: actor.id, action: 'updated', field: 'statusId', oldValue: statusId, newValue: moveTo })),
    );
    await tem.execute('delete from statuses where id = ?', [statusId]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

/** Sets the workflow order; `ids` must list every status of the project exactly once. */
export async function reorderStatuses(em: EntityManager, actor: User, access: ProjectAccess, ids: number[]) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const statuses = await projectStatuses(tem, access.project.id);
    const known = new Set(statuses.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw fieldError('ids', 'validation.invalid');
    await tem.execute(
      'update statuses s set position = o.ord - 1 from unnest(?::int[]) with ordinality as o(id, ord) where s.id = o.id',
      [intArray(ids)],
    );
    await projectEvent(tem, access.project.id, actor.id);
  });
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505' || (err as Error).name === 'UniqueConstraintViolationException';

export async function createLabel(em: EntityManager, actor: User, access: ProjectAccess, input: z.output<typeof createLabelSchema>): Promise<number> {
  assertWritable(access.project);
  try {
    return await em.transactional(async (tem) => {
      const [row] = await tem.execute<{ id: number }[]>('insert into labels (project_id, name, color) values (?, ?, ?) returning id', [access.project.id, input.name, input.color]);
      await projectEvent(tem, access.project.id, actor.id);
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw labelTaken();
    throw err;
  }
}

export async function updateLabel(em: EntityManager, actor: User, access: ProjectAccess, labelId: number, patch: z.output<typeof updateLabelSchema>) {
  assertWritable(access.project);
  const sets = (['name', 'color'] as const).filter((k) => patch[k] !== undefined);
  if (!sets.length) return;
  try {
    await em.transactional(async (tem) => {
      await tem.execute(`update labels set ${sets.map((k) => `${k} = ?`).join(', ')} where id = ?`, [...sets.map((k) => patch[k]), labelId]);
      await projectEvent(tem, access.project.id, actor.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw labelTaken();
    throw err;
  }
}

export async function deleteLabel(em: EntityManager, actor: User, access: ProjectAccess, labelId: number) {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    await tem.execute('delete from labels where id = ?', [labelId]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

/** The project a status or label belongs to, or 404. */
export async function ownerProjectOf(em: EntityManager, table: 'statuses' | 'labels', id: number): Promise<number> {
  const rows = await em.execute<{ project_id: number }[]>(`select project_id from ${table} where id = ?`, [id]);
  if (!rows[0]) throw notFound();
  return rows[0].project_id;
}
