import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN } from '@tracker/shared/api/issues';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import { forbidden, notFound } from '@tracker/shared/domain-errors';
import { projectAccess, type ProjectAccess, type Viewer } from '../projects/project-access.ts';
import { Issue } from './issue.entity.ts';

export interface IssueAccess extends ProjectAccess {
  issue: Issue;
}

/** Finds an issue by numeric id or by key (`WEB-12`). */
export async function findIssue(em: EntityManager, ref: number | string): Promise<Issue | null> {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) return em.findOne(Issue, { id: Number(ref) });
  const match = ISSUE_KEY_PATTERN.exec(ref.toUpperCase());
  if (!match) return null;
  const rows = await em.execute<{ id: number }[]>('select i.id from issues i join projects p on p.id = i.project_id where p.key = ? and i.number = ?', [match[1], Number(match[2])]);
  return rows[0] ? em.findOne(Issue, { id: rows[0].id }) : null;
}

/**
 * Loads an issue and checks a capability in its project. An issue in a project the viewer cannot
 * see is a 404, exactly like an issue that does not exist.
 */
export async function requireIssue(em: EntityManager, viewer: Viewer, ref: number | string, capability: ProjectCapability): Promise<IssueAccess> {
  const issue = await findIssue(em, ref);
  const access = issue && (await projectAccess(em, viewer, issue.projectId));
  if (!issue || !access) throw notFound('issue');
  if (!canInProject(access.role, viewer.roles, capability)) throw forbidden();
  return { ...access, issue };
}
