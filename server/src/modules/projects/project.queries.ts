import type { EntityManager } from '@mikro-orm/postgresql';
import type { Label as LabelDto, Member, Project as ProjectDto, ProjectChecklist, ProjectDetailResponse, ProjectRole, Status as StatusDto, StatusCategory } from '@tracker/shared/api/projects';
import { renderMarkdown } from '@tracker/shared/markdown';
import { roleIn, visibleProjectsCondition, type Viewer } from './project-access.ts';
import { iso } from '../../db/sql.ts';

/** A project row as the project reads select it (the sync feed's shares its columns). */
export interface ProjectRow {
  id: number;
  key: string;
  name: string;
  description: string;
  color: string;
  icon: string | null;
  visibility: 'members' | 'all';
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  lead_id: number | null;
  lead_name: string | null;
  member_role: ProjectRole | null;
  issue_count: number;
  open_issue_count: number;
}

const PROJECT_SELECT = `
  select p.id, p.key, p.name, p.description, p.color, p.icon, p.visibility, p.archived_at, p.created_at, p.updated_at,
         p.lead_id, lu.name as lead_name, pm.role as member_role,
         (select count(*)::int from issues i where i.project_id = p.id) as issue_count,
         (select count(*)::int from issues i join statuses s on s.id = i.status_id
           where i.project_id = p.id and s.category not in ('completed', 'canceled')) as open_issue_count
    from projects p
    left join project_members pm on pm.project_id = p.id and pm.user_id = ?
    left join users lu on lu.id = p.lead_id`;

function toProjectDto(row: ProjectRow): ProjectDto {
  const myRole = roleIn(row.visibility, row.member_role);
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    lead: row.lead_id != null ? { id: row.lead_id, name: row.lead_name ?? '' } : null,
    visibility: row.visibility,
    archivedAt: iso(row.archived_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    myRole,
    issueCount: row.issue_count,
    openIssueCount: row.open_issue_count,
  };
}

/** Every project the viewer can see, with their role and issue counts, in one query. */
export async function listProjects(em: EntityManager, viewer: Viewer, archived: '0' | '1' | 'all'): Promise<ProjectDto[]> {
  const visible = visibleProjectsCondition(viewer);
  const archivedSql = archived === 'all' ? 'true' : archived === '1' ? 'p.archived_at is not null' : 'p.archived_at is null';
  const rows = await em.execute<ProjectRow[]>(`${PROJECT_SELECT} where ${visible.sql} and ${archivedSql} order by lower(p.name), p.id`, [viewer.id, ...visible.params]);
  return rows.map((r) => toProjectDto(r));
}

export async function getProjectDto(em: EntityManager, viewer: Viewer, id: number): Promise<ProjectDto> {
  const rows = await em.execute<ProjectRow[]>(`${PROJECT_SELECT} where p.id = ?`, [viewer.id, id]);
  return toProjectDto(rows[0]!);
}

export async function listStatuses(em: EntityManager, projectId: number): Promise<StatusDto[]> {
  const rows = await em.execute<{ id: number; name: string; category: StatusCategory; color: string; position: number }[]>(
    'select id, name, category, color, position from statuses where project_id = ? order by position, id',
    [projectId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category, color: r.color, position: r.position }));
}

export async function listLabels(em: EntityManager, projectId: number): Promise<LabelDto[]> {
  return em.execute<LabelDto[]>('select id, name, color from labels where project_id = ? order by lower(name), id', [projectId]);
}

export async function listMembers(em: EntityManager, projectId: number): Promise<Member[]> {
  const rows = await em.execute<{ id: number; name: string; role: ProjectRole }[]>(
    `select u.id, u.name, pm.role from project_members pm join users u on u.id = pm.user_id
      where pm.project_id = ? order by case pm.role when 'owner' then 0 when 'member' then 1 else 2 end, lower(u.name), u.id`,
    [projectId],
  );
  return rows.map((r) => ({ user: { id: r.id, name: r.name }, role: r.role }));
}

export async function statusProgress(em: EntityManager, projectId: number): Promise<{ statusId: number; count: number }[]> {
  const rows = await em.execute<{ status_id: number; count: number }[]>(
    'select s.id as status_id, count(i.id)::int as count from statuses s left join issues i on i.status_id = s.id where s.project_id = ? group by s.id, s.position order by s.position, s.id',
    [projectId],
  );
  return rows.map((r) => ({ statusId: r.status_id, count: r.count }));
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

/** Which of a new project's first steps are done (issue 26): one statement, four indexed probes. */
export async function projectChecklist(em: EntityManager, viewerId: number, projectId: number): Promise<ProjectChecklist> {
  const [row] = await em.execute<ProjectChecklist[]>(
    `select exists (select 1 from project_members where project_id = ? and user_id <> ?)
              or exists (select 1 from project_invites where project_id = ?) as invite,
            exists (select 1 from telegram_accounts where user_id = ?) as telegram,
            exists (select 1 from telegram_chat_links where project_id = ?) as "group",
            exists (select 1 from issues where project_id = ?) as issue`,
    [projectId, viewerId, projectId, viewerId, projectId, projectId],
  );
  return row!;
}
