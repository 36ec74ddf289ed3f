import { conflict } from '@tracker/shared/domain-errors';
import type { Project } from './project.entity.ts';

/** Archived projects are read-only: every write to them or their issues is refused. */
export function assertWritable(project: Pick<Project, 'archivedAt'>): void {
  if (project.archivedAt) throw conflict('project_archived');
}

/** One input field refused (a domain `invalid` error, shaped like zod's issues). */
export { fieldError } from '@tracker/shared/domain-errors';

export { userCanViewProjectSql } from './project-access.ts';
