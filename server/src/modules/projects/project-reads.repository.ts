// The reads that build the project pages and lists: typed queries (db/kysely.ts). What the project
// service writes is project.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Label as LabelDto, Member, Project as ProjectDto, ProjectChecklist, ProjectRole, Status as StatusDto, StatusCategory } from '@tracker/shared/api/projects';
import { sql } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { iso } from '../../db/sql.ts';
import { roleIn, visibleProjectsCondition, type Viewer } from './project-access.ts';

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

const count = sql<number>`count(*)::int`;

/** The projects with the viewer's role, the lead's name and the issue counts. */
function projectRows(em: EntityManager, viewerId: number) {
  return kysely(em)
    .selectFrom('projects as p')
    .leftJoin('project_members as pm', (join) => join.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', viewerId))
    .leftJoin('users as lu', 'lu.id', 'p.lead_id')
    .select(['p.id', 'p.key', 'p.name', 'p.description', 'p.color', 'p.icon', 'p.visibility', 'p.archived_at', 'p.created_at', 'p.updated_at', 'p.lead_id', 'lu.name as lead_name', 'pm.role as member_role'])
    .select((eb) => [
      eb.selectFrom('issues as i').select(count.as('n')).whereRef('i.project_id', '=', 'p.id').as('issue_count'),
      eb
        .selectFrom('issues as i')
        .innerJoin('statuses as s', 's.id', 'i.status_id')
        .select(count.as('n'))
        .whereRef('i.project_id', '=', 'p.id')
        .where('s.category', 'not in', ['completed', 'canceled'])
        .as('open_issue_count'),
    ])
    .$narrowType<{ visibility: ProjectRow['visibility']; member_role: ProjectRole | null; issue_count: number; open_issue_count: number }>();
}

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
  const rows = await projectRows(em, viewer.id)
    .where(sqlPart(visibleProjectsCondition(viewer)))
    .$if(archived === '1', (q) => q.where('p.archived_at', 'is not', null))
    .$if(archived === '0', (q) => q.where('p.archived_at', 'is', null))
    .orderBy((eb) => eb.fn('lower', ['p.name']))
    .orderBy('p.id')
    .execute();
  return rows.map((r) => toProjectDto(r));
}

export async function getProjectDto(em: EntityManager, viewer: Viewer, id: number): Promise<ProjectDto> {
  const row = await projectRows(em, viewer.id).where('p.id', '=', id).executeTakeFirstOrThrow();
  return toProjectDto(row);
}

export async function listStatuses(em: EntityManager, projectId: number): Promise<StatusDto[]> {
  const rows = await kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name', 'category', 'color', 'position', 'waiting'])
    .$narrowType<{ category: StatusCategory }>()
    .where('project_id', '=', projectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category, color: r.color, position: r.position, waiting: r.waiting }));
}

export function listLabels(em: EntityManager, projectId: number): Promise<LabelDto[]> {
  return kysely(em)
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('project_id', '=', projectId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

export async function listMembers(em: EntityManager, projectId: number): Promise<Member[]> {
  const rows = await kysely(em)
    .selectFrom('project_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['u.id', 'u.name', 'pm.role'])
    .$narrowType<{ role: ProjectRole }>()
    .where('pm.project_id', '=', projectId)
    .orderBy(sql`case pm.role when 'owner' then 0 when 'member' then 1 else 2 end`)
    .orderBy((eb) => eb.fn('lower', ['u.name']))
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({ user: { id: r.id, name: r.name }, role: r.role }));
}

export async function statusProgress(em: EntityManager, projectId: number): Promise<{ statusId: number; count: number }[]> {
  const rows = await kysely(em)
    .selectFrom('statuses as s')
    .leftJoin('issues as i', 'i.status_id', 's.id')
    .select((eb) => ['s.id as status_id', eb.cast<number>(eb.fn.count('i.id'), 'integer').as('count')])
    .where('s.project_id', '=', projectId)
    .groupBy(['s.id', 's.position'])
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ statusId: r.status_id, count: r.count }));
}

/** Which of a new project's first steps are done (issue 26): one statement, four indexed probes. */
export async function projectChecklist(em: EntityManager, viewerId: number, projectId: number): Promise<ProjectChecklist> {
  return kysely(em)
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('project_members').select(eb.lit(1).as('one')).where('project_id', '=', projectId).where('user_id', '<>', viewerId)),
          eb.exists(eb.selectFrom('project_invites').select(eb.lit(1).as('one')).where('project_id', '=', projectId)),
        ])
        .$castTo<boolean>()
        .as('invite'),
      eb.exists(eb.selectFrom('telegram_accounts').select(eb.lit(1).as('one')).where('user_id', '=', viewerId)).$castTo<boolean>().as('telegram'),
      eb.exists(eb.selectFrom('telegram_chat_links').select(eb.lit(1).as('one')).where('project_id', '=', projectId)).$castTo<boolean>().as('group'),
      eb.exists(eb.selectFrom('issues').select(eb.lit(1).as('one')).where('project_id', '=', projectId)).$castTo<boolean>().as('issue'),
    ])
    .executeTakeFirstOrThrow();
}
