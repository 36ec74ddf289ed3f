// A project's own rows and its members' roles, as the project service writes them: typed queries
// (db/kysely.ts). The reads that build the project pages are project-reads.repository.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { createProjectSchema, ProjectRole, StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import type { z } from 'zod';
import { kysely } from '../../db/kysely.ts';

/** A project's editable columns, as the create and update requests name them. */
export type ProjectFields = Omit<z.output<typeof createProjectSchema>, 'key'>;

export interface MemberRole {
  user_id: number;
  role: string;
}

/** Whether an account exists: a lead or a new member must name one. */
export async function userExists(em: EntityManager, userId: number): Promise<boolean> {
  const row = await kysely(em).selectFrom('users').select((eb) => eb.lit(1).as('one')).where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether a project already uses this key (keys name issues, so they are unique). */
export async function projectKeyTaken(em: EntityManager, key: string): Promise<boolean> {
  const row = await kysely(em).selectFrom('projects').select((eb) => eb.lit(1).as('one')).where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

/** A new project's row; its id. */
export async function insertProject(em: EntityManager, key: string, fields: ProjectFields): Promise<number> {
  const row = await kysely(em)
    .insertInto('projects')
    .values({
      key,
      name: fields.name,
      description: fields.description,
      color: fields.color,
      icon: fields.icon,
      lead_id: fields.leadId,
      visibility: fields.visibility,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new project's statuses, positioned in the order given. */
export async function insertStatuses(em: EntityManager, projectId: number, statuses: readonly { name: string; category: StatusCategory; color: string }[]): Promise<void> {
  await kysely(em)
    .insertInto('statuses')
    .values(statuses.map((s, i) => ({ project_id: projectId, name: s.name, category: s.category, color: s.color, position: i })))
    .execute();
}

/** A new project's labels. */
export async function insertLabels(em: EntityManager, projectId: number, labels: readonly { name: string; color: string }[]): Promise<void> {
  await kysely(em)
    .insertInto('labels')
    .values(labels.map((l) => ({ project_id: projectId, name: l.name, color: l.color })))
    .execute();
}

/** Changes the given columns of a project (the others stay) and marks it updated. */
export async function updateProjectFields(em: EntityManager, projectId: number, patch: Partial<ProjectFields>): Promise<void> {
  await kysely(em)
    .updateTable('projects')
    .set({
      name: patch.name,
      description: patch.description,
      color: patch.color,
      icon: patch.icon,
      lead_id: patch.leadId,
      visibility: patch.visibility,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', projectId)
    .execute();
}

/** Archives a project (keeping the first archiving time) or brings it back. */
export async function setProjectArchived(em: EntityManager, projectId: number, archived: boolean): Promise<void> {
  await kysely(em)
    .updateTable('projects')
    .set((eb) => ({
      archived_at: archived ? eb.fn.coalesce('archived_at', sql<string>`now()`) : null,
      updated_at: sql<string>`now()`,
    }))
    .where('id', '=', projectId)
    .execute();
}

/** Deletes a project; its issues, statuses, labels and members go with it (the foreign keys cascade). */
export async function deleteProjectRow(em: EntityManager, projectId: number): Promise<void> {
  await kysely(em).deleteFrom('projects').where('id', '=', projectId).execute();
}

/** Makes a user a member of a project they are not in yet (the creator, as owner). */
export async function addMember(em: EntityManager, projectId: number, userId: number, role: ProjectRole): Promise<void> {
  await kysely(em).insertInto('project_members').values({ project_id: projectId, user_id: userId, role }).execute();
}

/**
 * A project's members and roles, locked until the transaction ends, so two concurrent changes
 * cannot both pass the last-owner check.
 */
export function lockedMembers(em: EntityManager, projectId: number): Promise<MemberRole[]> {
  return kysely(em).selectFrom('project_members').select(['user_id', 'role']).where('project_id', '=', projectId).forUpdate().execute();
}

/** Adds a member with a role, or changes the role of one already in the project. */
export async function upsertMember(em: EntityManager, projectId: number, userId: number, role: ProjectRole): Promise<void> {
  await kysely(em)
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet({ role: (eb) => eb.ref('excluded.role') }))
    .execute();
}

/** Takes a user out of a project. */
export async function deleteMember(em: EntityManager, projectId: number, userId: number): Promise<void> {
  await kysely(em).deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', '=', userId).execute();
}

/** Takes the project's next issue number (the row stays locked until the transaction ends). */
export async function takeIssueNumber(em: EntityManager, projectId: number): Promise<number> {
  const row = await kysely(em)
    .updateTable('projects')
    .set((eb) => ({ issue_counter: eb('issue_counter', '+', 1) }))
    .where('id', '=', projectId)
    .returning('issue_counter')
    .executeTakeFirstOrThrow();
  return row.issue_counter;
}
