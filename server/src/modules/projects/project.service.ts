import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { createProjectSchema, ProjectRole, updateProjectSchema } from '@tracker/shared/api/projects';
import type { z } from 'zod';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import type { User } from '../users/user.entity.ts';
import { DEFAULT_LABELS, DEFAULT_STATUSES, workflowLocale } from './default-workflow.ts';
import { assertWritable, fieldError } from './project-guards.ts';
import type { ProjectAccess } from './project-access.ts';
import { placeholders } from '../../db/sql.ts';

const keyTaken = () => conflict('key_taken', 'key');
const isUniqueViolation = (err: unknown) => err instanceof UniqueConstraintViolationException || (err as { code?: string }).code === '23505';

async function assertUserExists(em: EntityManager, userId: number, field: string) {
  const rows = await em.execute('select 1 from users where id = ?', [userId]);
  if (!rows.length) throw fieldError(field, 'validation.unknownUser');
}

const projectEvent = (em: EntityManager, projectId: number, actorId: number) =>
  publishEvent(em, { type: 'project.updated', issueId: null, projectId, streamIds: [], actorId });

/** Creates a project owned by its creator, with the default workflow and labels in the creator's language. */
export async function createProject(em: EntityManager, creator: User, input: z.output<typeof createProjectSchema>): Promise<number> {
  const lang = workflowLocale(creator.locale);
  try {
    return await em.transactional(async (tem) => {
      if ((await tem.execute('select 1 from projects where key = ?', [input.key])).length) throw keyTaken();
      if (input.leadId != null) await assertUserExists(tem, input.leadId, 'leadId');
      const [row] = await tem.execute<{ id: number }[]>(
        'insert into projects (key, name, description, color, icon, lead_id, visibility) values (?, ?, ?, ?, ?, ?, ?) returning id',
        [input.key, input.name, input.description, input.color, input.icon, input.leadId, input.visibility],
      );
      const id = row!.id;
      await tem.execute(`insert into project_members (project_id, user_id, role) values (?, ?, 'owner')`, [id, creator.id]);
      await tem.execute(
        `insert into statuses (project_id, name, category, color, position) values ${DEFAULT_STATUSES.map(() => `(${placeholders(5)})`).join(', ')}`,
        DEFAULT_STATUSES.flatMap((s, i) => [id, s.name[lang], s.category, s.color, i]),
      );
      await tem.execute(
        `insert into labels (project_id, name, color) values ${DEFAULT_LABELS.map(() => `(${placeholders(3)})`).join(', ')}`,
        DEFAULT_LABELS.flatMap((l) => [id, l.name[lang], l.color]),
      );
      await projectEvent(tem, id, creator.id);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken();
    throw err;
  }
}

const PROJECT_COLUMNS = { name: 'name', description: 'description', color: 'color', icon: 'icon', leadId: 'lead_id', visibility: 'visibility' } as const;

export async function updateProject(em: EntityManager, actor: User, access: ProjectAccess, patch: z.output<typeof updateProjectSchema>): Promise<void> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    if (patch.leadId != null) await assertUserExists(tem, patch.leadId, 'leadId');
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof typeof PROJECT_COLUMNS, unknown][];
    if (!entries.length) return;
    const sets = entries.map(([k]) => `${PROJECT_COLUMNS[k]} = ?`).join(', ');
    await tem.execute(`update projects set ${sets}, updated_at = now() where id = ?`, [...entries.map(([, v]) => v), access.project.id]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

export async function setArchived(em: EntityManager, actor: User, access: ProjectAccess, archived: boolean): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute(`update projects set archived_at = ${archived ? 'coalesce(archived_at, now())' : 'null'}, updated_at = now() where id = ?`, [access.project.id]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

export async function deleteProject(em: EntityManager, actor: User, access: ProjectAccess): Promise<void> {
  await em.transactional(async (tem) => {
    await tem.execute('delete from projects where id = ?', [access.project.id]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

const lastOwner = () => conflict('last_owner');

/** Adds a member or changes their role; the last owner cannot step down. */
export async function setMember(em: EntityManager, actor: User, access: ProjectAccess, userId: number, role: ProjectRole): Promise<void> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    if (!(await tem.execute('select 1 from users where id = ?', [userId])).length) throw notFound('user');
    // Lock the membership rows so two concurrent demotions cannot both pass the last-owner check.
    const members = await tem.execute<{ user_id: number; role: string }[]>('select user_id, role from project_members where project_id = ? for update', [access.project.id]);
    const current = members.find((m) => m.user_id === userId);
    if (current?.role === 'owner' && role !== 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
    await tem.execute(
      'insert into project_members (project_id, user_id, role) values (?, ?, ?) on conflict (project_id, user_id) do update set role = excluded.role',
      [access.project.id, userId, role],
    );
    await projectEvent(tem, access.project.id, actor.id);
  });
}

export async function removeMember(em: EntityManager, actor: User, access: ProjectAccess, userId: number): Promise<void> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const members = await tem.execute<{ user_id: number; role: string }[]>('select user_id, role from project_members where project_id = ? for update', [access.project.id]);
    const current = members.find((m) => m.user_id === userId);
    if (!current) throw notFound('member');
    if (current.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
    await tem.execute('delete from project_members where project_id = ? and user_id = ?', [access.project.id, userId]);
    await projectEvent(tem, access.project.id, actor.id);
  });
}
