import type { EntityManager } from '@mikro-orm/postgresql';
import { HttpError } from '../../http/errors.ts';
import { userCanViewProjectSql } from './project-access.ts';
import type { Project } from './project.entity.ts';

/** Archived projects are read-only: every write to them or their issues is refused. */
export function assertWritable(project: Pick<Project, 'archivedAt'>): void {
  if (project.archivedAt) throw new HttpError(409, 'The project is archived', 'project_archived');
}

/** A 400 pointing at one request field, in the shape of the zod validation errors. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, 'Validation failed', 'validation', { issues: [{ path: field.split('.'), message, code: 'custom' }] });

export { userCanViewProjectSql } from './project-access.ts';

/** Whether an existing user may see a project (e.g. before making them an issue's assignee). */
export async function userCanViewProject(em: EntityManager, userId: number, projectId: number): Promise<boolean> {
  const rows = await em.execute(`select 1 from users u join projects p on p.id = ? where u.id = ? and ${userCanViewProjectSql('u', 'p')}`, [projectId, userId]);
  return rows.length > 0;
}
