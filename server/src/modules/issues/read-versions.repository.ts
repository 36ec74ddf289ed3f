import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { ISSUE_KEY_PATTERN } from '@tracker/shared/api/issues';
import { isAdmin, roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';

// The first query of a cached read: access and data versions in one statement (issue 13), so the
// ETag costs no query of its own. Versions are kept by triggers (Migration20261127100000).

export interface VersionedAccess {
  /** The viewer's role in the project (null: a non-member admin). */
  role: ProjectRole | null;
  /** Everything the ETag takes from the database, in a fixed order. */
  versions: string[];
}

export interface IssueVersions extends VersionedAccess {
  issueId: number;
  issueVersion: number;
}

interface AccessRow {
  visibility: string;
  member_role: ProjectRole | null;
  project_version: string;
  shared_version: string;
}

const PROJECT_ACCESS = `p.visibility, m.role as member_role, v.version as project_version, sv.version as shared_version`;
const PROJECT_JOINS = `join project_data_versions v on v.project_id = p.id cross join shared_data_version sv
  left join project_members m on m.project_id = p.id and m.user_id = ?`;

/** The viewer's role by the visibility rule, or undefined when the project is invisible to them. */
function visibleRole(viewer: Viewer, row: AccessRow | undefined): ProjectRole | null | undefined {
  if (!row) return undefined;
  const role = roleIn(row.visibility, row.member_role);
  return role || isAdmin(viewer) ? role : undefined;
}

/** One project (by id or key) as the viewer sees it, with its data version; null when invisible or unknown. */
export async function projectVersions(em: EntityManager, viewer: Viewer, ref: number | string): Promise<VersionedAccess | null> {
  const [row] = await em.execute<AccessRow[]>(
    `select ${PROJECT_ACCESS} from projects p ${PROJECT_JOINS} where ${typeof ref === 'number' ? 'p.id = ?' : 'p.key = ?'}`,
    [viewer.id, ref],
  );
  const role = visibleRole(viewer, row);
  return role === undefined ? null : { role, versions: [row!.project_version, row!.shared_version] };
}

/** The versions of every project the viewer can see (which ones is part of it): the key of a cross-project read. */
export async function visibleVersions(em: EntityManager, viewer: Viewer): Promise<string[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const [row] = await em.execute<{ projects: string; shared_version: string }[]>(
    `select coalesce(string_agg(p.id || ':' || v.version, ',' order by p.id), '') as projects, (select version from shared_data_version) as shared_version
       from projects p join project_data_versions v on v.project_id = p.id where ${visible.sql}`,
    visible.params,
  );
  return [row!.projects, row!.shared_version];
}

/**
 * An issue (by id or key) with the viewer's role and the versions its page depends on: its project,
 * user and stream names, and the visible projects of its related issues (their titles and statuses
 * show on the page, and which of them the viewer may see). Null when unknown or invisible.
 */
export async function issueVersions(em: EntityManager, viewer: Viewer, ref: number | string): Promise<IssueVersions | null> {
  let where: string;
  let refParams: unknown[];
  if (typeof ref === 'number' || /^\d+$/.test(ref)) [where, refParams] = ['i.id = ?', [Number(ref)]];
  else {
    const match = ISSUE_KEY_PATTERN.exec(ref.toUpperCase());
    if (!match) return null;
    [where, refParams] = ['p.key = ? and i.number = ?', [match[1], Number(match[2])]];
  }
  const visible = visibleProjectsCondition(viewer, 'op');
  const [row] = await em.execute<(AccessRow & { id: number; version: number; related: string })[]>(
    `select i.id, i.version, ${PROJECT_ACCESS},
       (select coalesce(string_agg(op.id || ':' || ov.version, ',' order by op.id), '')
          from projects op join project_data_versions ov on ov.project_id = op.id
         where op.id <> p.id and ${visible.sql} and op.id in (
           select o.project_id from issue_relations r join issues o on o.id = r.to_issue_id where r.from_issue_id = i.id
           union select o.project_id from issue_relations r join issues o on o.id = r.from_issue_id where r.to_issue_id = i.id)) as related
       from issues i join projects p on p.id = i.project_id ${PROJECT_JOINS}
      where ${where}`,
    [...visible.params, viewer.id, ...refParams],
  );
  const role = visibleRole(viewer, row);
  if (role === undefined) return null;
  return { issueId: row!.id, issueVersion: row!.version, role, versions: [row!.project_version, row!.shared_version, row!.related] };
}
