// What the visibility rule (project-access.ts) reads: the project asked for and the viewer's
// membership. Entities, as the callers of requireProject use the project's fields.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { Project, ProjectMember } from './project.entity.ts';

/** A project by id, or by key in any case; null when there is none. */
export function projectByRef(em: EntityManager, ref: number | string): Promise<Project | null> {
  return em.findOne(Project, typeof ref === 'number' ? { id: ref } : { key: ref.toUpperCase() });
}

/** The user's role in the project, null when they are not a member. */
export async function memberRole(em: EntityManager, projectId: number, userId: number): Promise<ProjectRole | null> {
  const member = await em.findOne(ProjectMember, { projectId, userId });
  return (member?.role as ProjectRole | undefined) ?? null;
}
