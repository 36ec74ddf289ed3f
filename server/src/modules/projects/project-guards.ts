import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '@tracker/shared/domain-errors';
import { userCanViewProjectSql } from './project-access.ts';
import type { Project } from './project.entity.ts';

/** Archived projects are read-only: every write to them or their issues is refused. */
export function assertWritable(project: Pick<Project, 'archivedAt'>): void {
  if (project.archivedAt) throw conflict('project_archived');
}

/** One input field refused (a domain `invalid` error, shaped like zod's issues). */
export { fieldError } from '@tracker/shared/domain-errors';

export { userCanViewProjectSql } from './project-access.ts';

/** Whether an existing user may see a project (e.g. before making them an issue's assignee). */
export async function userCanViewProject(em: EntityManager, userId: number, projectId: number): Promise<boolean> {
  const rows = await em.execute(`select 1 from users u join projects p on p.id = ? where u.id = ? and ${userCanViewProjectSql('u', 'p')}`, [projectId, userId]);
  return rows.length > 0;
}
