import type { EntityManager } from '@mikro-orm/postgresql';
import type { IssueDetail } from '@tracker/shared/api/issues';
import { renderMarkdown } from '@tracker/shared/markdown';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import type { ProjectAccess, Viewer } from '../projects/project-access.ts';
import { issueDetailRow } from './issue-detail.repository.ts';
import { toIssueDetail } from './issue.mapper.ts';

const CAN: ProjectCapability[] = ['issue.edit', 'issue.delete', 'comment.create', 'comment.moderate'];

/** The whole issue page in one query (relations only to issues the viewer may see). */
export async function loadIssueDetail(em: EntityManager, viewer: Viewer, access: Pick<ProjectAccess, 'role'>, issueId: number): Promise<IssueDetail> {
  const row = await issueDetailRow(em, viewer, issueId);
  const can = CAN.filter((c) => canInProject(access.role, viewer.roles, c));
  return toIssueDetail(row!, renderMarkdown(row!.description), can);
}
