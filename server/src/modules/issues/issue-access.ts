import type { EntityManager } from '@mikro-orm/postgresql';
import { ISSUE_KEY_PATTERN } from '@tracker/shared/api/issues';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import { forbidden, notFound } from '@tracker/shared/domain-errors';
import { projectAccess, type ProjectAccess, type Viewer } from '../projects/project-access.ts';
import type { Issue } from './issue.entity.ts';
import { issueById, issueIdByKey } from './issue.repository.ts';

export interface IssueAccess extends ProjectAccess {
  issue: Issue;
}

/** Finds an issue by numeric id or by key (`WEB-12`). */
export async function findIssue(em: EntityManager, ref: number | string): Promise<Issue | null> {
  if (typeof ref === 'number' || /^\d+$/.test(ref)) return issueById(em, Number(ref));
  const match = ISSUE_KEY_PATTERN.exec(ref.toUpperCase());
  if (!match) return null;
  const id = await issueIdByKey(em, match[1]!, Number(match[2]));
  return id === undefined ? null : issueById(em, id);
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
