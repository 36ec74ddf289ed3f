import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { createProjectSchema, Member, Project as ProjectDto, ProjectChecklist, ProjectDetailResponse, ProjectRole, updateProjectSchema } from '@tracker/shared/api/projects';
import { renderMarkdown } from '@tracker/shared/markdown';
import type { z } from 'zod';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import { publishEvent } from '../events/publish.ts';
import type { User } from '../users/user.entity.ts';
import { DEFAULT_LABELS, DEFAULT_STATUSES, workflowLocale } from './default-workflow.ts';
import { assertWritable, fieldError } from './project-guards.ts';
import { requireProject, type ProjectAccess, type Viewer } from './project-access.ts';
import { getProjectDto, listLabels, listMembers, listProjects, listStatuses, projectChecklist, statusProgress } from './project-reads.repository.ts';
import {
  addMember,
  deleteMember,
  deleteProjectRow,
  insertLabels,
  insertProject,
  insertStatuses,
  lockedMembers,
  projectKeyTaken,
  setProjectArchived,
  updateProjectFields,
  upsertMember,
  userExists,
} from './project.repository.ts';

const keyTaken = () => conflict('key_taken', 'key');
const isUniqueViolation = (err: unknown) => err instanceof UniqueConstraintViolationException || (err as { code?: string }).code === '23505';

async function assertUserExists(em: EntityManager, userId: number, field: string) {
  if (!(await userExists(em, userId))) throw fieldError(field, 'validation.unknownUser');
}

const projectEvent = (em: EntityManager, projectId: number, actorId: number) =>
  publishEvent(em, { type: 'project.updated', issueId: null, projectId, streamIds: [], actorId });

/** Creates a project owned by its creator, with the default workflow and labels in the creator's language. */
export async function createProject(em: EntityManager, creator: User, input: z.output<typeof createProjectSchema>): Promise<number> {
  const lang = workflowLocale(creator.locale);
  try {
    return await em.transactional(async (tem) => {
      if (await projectKeyTaken(tem, input.key)) throw keyTaken();
      if (input.leadId != null) await assertUserExists(tem, input.leadId, 'leadId');
      const { key, ...fields } = input;
      const id = await insertProject(tem, key, fields);
      await addMember(tem, id, creator.id, 'owner');
      await insertStatuses(tem, id, DEFAULT_STATUSES.map((s) => ({ name: s.name[lang], category: s.category, color: s.color })));
      await insertLabels(tem, id, DEFAULT_LABELS.map((l) => ({ name: l.name[lang], color: l.color })));
      await projectEvent(tem, id, creator.id);
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken();
    throw err;
  }
}

export async function updateProject(em: EntityManager, actor: User, access: ProjectAccess, patch: z.output<typeof updateProjectSchema>): Promise<void> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    if (patch.leadId != null) await assertUserExists(tem, patch.leadId, 'leadId');
    if (!Object.values(patch).some((v) => v !== undefined)) return;
    await updateProjectFields(tem, access.project.id, patch);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

export async function setArchived(em: EntityManager, actor: User, access: ProjectAccess, archived: boolean): Promise<void> {
  await em.transactional(async (tem) => {
    await setProjectArchived(tem, access.project.id, archived);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

export async function deleteProject(em: EntityManager, actor: User, access: ProjectAccess): Promise<void> {
  await em.transactional(async (tem) => {
    await deleteProjectRow(tem, access.project.id);
    await projectEvent(tem, access.project.id, actor.id);
  });
}

const lastOwner = () => conflict('last_owner');

/** Adds a member or changes their role; the last owner cannot step down. Answers the members as they are now. */
export async function setMember(em: EntityManager, actor: User, access: ProjectAccess, userId: number, role: ProjectRole): Promise<Member[]> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    if (!(await userExists(tem, userId))) throw notFound('user');
    // Lock the membership rows so two concurrent demotions cannot both pass the last-owner check.
    const members = await lockedMembers(tem, access.project.id);
    const current = members.find((m) => m.user_id === userId);
    if (current?.role === 'owner' && role !== 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
    await upsertMember(tem, access.project.id, userId, role);
    await projectEvent(tem, access.project.id, actor.id);
  });
  return listMembers(em, access.project.id);
}

/** Removes a member; the last owner cannot leave. Answers the members as they are now. */
export async function removeMember(em: EntityManager, actor: User, access: ProjectAccess, userId: number): Promise<Member[]> {
  assertWritable(access.project);
  await em.transactional(async (tem) => {
    const members = await lockedMembers(tem, access.project.id);
    const current = members.find((m) => m.user_id === userId);
    if (!current) throw notFound('member');
    if (current.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) throw lastOwner();
    await deleteMember(tem, access.project.id, userId);
    await projectEvent(tem, access.project.id, actor.id);
  });
  return listMembers(em, access.project.id);
}

/** A project page's data: the project, its members, workflow, labels and progress. */
export async function projectDetail(em: EntityManager, viewer: Viewer, projectId: number): Promise<ProjectDetailResponse> {
  const [project, members, statuses, labels, progress] = await Promise.all([
    getProjectDto(em, viewer, projectId),
    listMembers(em, projectId),
    listStatuses(em, projectId),
    listLabels(em, projectId),
    statusProgress(em, projectId),
  ]);
  return { project, descriptionHtml: renderMarkdown(project.description), members, statuses, labels, progress };
}

/** The projects list: every project the viewer can see (project-access.ts's rule), by archived state. */
export function visibleProjects(em: EntityManager, viewer: Viewer, archived: '0' | '1' | 'all'): Promise<ProjectDto[]> {
  return listProjects(em, viewer, archived);
}

/** A new project's first steps, for a viewer who may see the project (404 otherwise, as for the project). */
export async function checklistFor(em: EntityManager, viewer: Viewer, projectId: number): Promise<ProjectChecklist> {
  const { project } = await requireProject(em, viewer, projectId, 'project.view');
  return projectChecklist(em, viewer.id, project.id);
}
