// What the visibility rule (project-access.ts) reads: the project asked for and the viewer's
// membership. The project as an entity, as the callers of requireProject use its fields.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { kysely } from '../../db/kysely.ts';
import { Project } from './project.entity.ts';

/**
 * A project by id, or by key in any case, with the user's membership role, in one statement (every
 * round trip waits for the pool again under load); null when there is no such project.
 */
export async function projectWithRole(em: EntityManager, ref: number | string, userId: number): Promise<{ project: Project; memberRole: ProjectRole | null } | null> {
  const row = await kysely(em)
    .selectFrom('projects as p')
    .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', userId))
    .selectAll('p')
    .select('m.role as member_role')
    .where((eb) => (typeof ref === 'number' ? eb('p.id', '=', ref) : eb('p.key', '=', ref.toUpperCase())))
    .executeTakeFirst();
  if (!row) return null;
  const { member_role: memberRole, ...project } = row;
  return { project: em.map(Project, project), memberRole: (memberRole as ProjectRole | null) ?? null };
}
