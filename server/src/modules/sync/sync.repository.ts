// The sync log and the entities the client store holds, as the caller may see them: every
// statement of the sync feature, with bound values only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { IssueListItem } from '@tracker/shared/api/issues';
import { SYNC_ISSUE_DAYS, type SyncLabel, type SyncMember, type SyncProject, type SyncStatus, type SyncStream } from '@tracker/shared/api/sync';
import type { UserRef } from '@tracker/shared/api/common';
import { intArray, iso } from '../../db/sql.ts';
import { ISSUE_ROW_COLUMNS, toIssueListItem, type IssueRow } from '../issues/issue.mapper.ts';
import { roleIn, visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import type { ProjectRow as ProjectQueryRow } from '../projects/project-reads.repository.ts';

export interface LogEntry {
  id: string;
  entity: 'project' | 'status' | 'label' | 'member' | 'user' | 'issue' | 'comment' | 'custom_field' | 'view' | 'stream' | 'cycle' | 'milestone';
  entity_id: number;
  project_id: number | null;
  owner_id: number | null;
  /** A project's entry: it was visible to everyone just before this change. */
  was_open: boolean | null;
}

/**
 * Where the log stands for this snapshot: the last id written (0 before any), and the last one
 * pruned. Ids are drawn in commit order, so everything up to `last` is visible together.
 */
export async function logPosition(em: EntityManager): Promise<{ last: number; pruned: number }> {
  const [row] = await em.execute<{ last: string; pruned: string }[]>(
    `select coalesce((select max(id) from sync_changes), h.pruned_through) as last, h.pruned_through as pruned from sync_horizon h`,
  );
  return { last: Number(row!.last), pruned: Number(row!.pruned) };
}

/** Drops log entries older than `days`; a client behind the last dropped id bootstraps again. */
export async function pruneLog(em: EntityManager, days: number): Promise<number> {
  const [row] = await em.execute<{ pruned: string }[]>(
    `with gone as (delete from sync_changes where created_at < now() - make_interval(days => ?) returning id)
     update sync_horizon set pruned_through = greatest(pruned_through, (select coalesce(max(id), 0) from gone)) returning pruned_through as pruned`,
    [days],
  );
  return Number(row!.pruned);
}

export function readLog(em: EntityManager, since: number, limit: number): Promise<LogEntry[]> {
  return em.execute<LogEntry[]>('select id, entity, entity_id, project_id, owner_id, was_open from sync_changes where id > ? order by id limit ?', [String(since), limit]);
}

type ProjectRow = Omit<ProjectQueryRow, 'lead_name' | 'issue_count' | 'open_issue_count'>;

const toProject = (r: ProjectRow): SyncProject => ({
  id: r.id,
  key: r.key,
  name: r.name,
  description: r.description,
  color: r.color,
  icon: r.icon,
  leadId: r.lead_id,
  visibility: r.visibility,
  archivedAt: iso(r.archived_at),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  myRole: roleIn(r.visibility, r.member_role),
});

/** The visible projects among `ids` (all visible ones when `ids` is null). */
export async function visibleProjects(em: EntityManager, viewer: Viewer, ids: number[] | null): Promise<SyncProject[]> {
  const visible = visibleProjectsCondition(viewer);
  const rows = await em.execute<ProjectRow[]>(
    `select p.id, p.key, p.name, p.description, p.color, p.icon, p.lead_id, p.visibility, p.archived_at, p.created_at, p.updated_at, pm.role as member_role
       from projects p left join project_members pm on pm.project_id = p.id and pm.user_id = ?
      where ${visible.sql} ${ids ? 'and p.id = any(?::int[])' : ''}
      order by p.id`,
    [viewer.id, ...visible.params, ...(ids ? [intArray(ids)] : [])],
  );
  return rows.map(toProject);
}

/** Statuses of `projectIds`, or only those of `ids` among them. */
export async function statusesOf(em: EntityManager, projectIds: number[], ids?: number[]): Promise<SyncStatus[]> {
  return em.execute<SyncStatus[]>(
    `select id, project_id as "projectId", name, category, color, position, waiting from statuses
      where project_id = any(?::int[]) ${ids ? 'and id = any(?::int[])' : ''} order by project_id, position, id`,
    [intArray(projectIds), ...(ids ? [intArray(ids)] : [])],
  );
}

export async function labelsOf(em: EntityManager, projectIds: number[], ids?: number[]): Promise<SyncLabel[]> {
  return em.execute<SyncLabel[]>(
    `select id, project_id as "projectId", name, color from labels
      where project_id = any(?::int[]) ${ids ? 'and id = any(?::int[])' : ''} order by project_id, lower(name), id`,
    [intArray(projectIds), ...(ids ? [intArray(ids)] : [])],
  );
}

/** Members of `projectIds`, or only the users `userIds` of them. */
export async function membersOf(em: EntityManager, projectIds: number[], userIds?: number[]): Promise<SyncMember[]> {
  return em.execute<SyncMember[]>(
    `select project_id as "projectId", user_id as "userId", role from project_members
      where project_id = any(?::int[]) ${userIds ? 'and user_id = any(?::int[])' : ''} order by project_id, user_id`,
    [intArray(projectIds), ...(userIds ? [intArray(userIds)] : [])],
  );
}

export function usersByIds(em: EntityManager, ids: number[]): Promise<UserRef[]> {
  return em.execute<UserRef[]>('select id, name from users where id = any(?::int[]) order by id', [intArray(ids)]);
}

/** Streams as the store keeps them (every user sees every stream): all, or just `ids`. */
export function streamsOf(em: EntityManager, ids?: number[]): Promise<SyncStream[]> {
  return ids
    ? em.execute<SyncStream[]>('select id, name, status from streams where id = any(?::int[]) order by id', [intArray(ids)])
    : em.execute<SyncStream[]>('select id, name, status from streams order by id');
}

/**
 * Issues as lists show them. `ids`: just those (visible ones); otherwise the bootstrap's bounded
 * set of `projectIds` — open, or changed within SYNC_ISSUE_DAYS — newest first, below `before`.
 */
export async function issuesOf(em: EntityManager, o: { projectIds: number[]; ids?: number[]; before?: number; limit?: number }): Promise<IssueListItem[]> {
  const where = ['i.project_id = any(?::int[])'];
  const params: unknown[] = [intArray(o.projectIds)];
  if (o.ids) {
    where.push('i.id = any(?::int[])');
    params.push(intArray(o.ids));
  } else {
    where.push(`(i.updated_at > now() - make_interval(days => ${SYNC_ISSUE_DAYS}) or i.status_id in (select id from statuses where category not in ('completed', 'canceled')))`);
  }
  if (o.before) {
    where.push('i.id < ?');
    params.push(o.before);
  }
  const rows = await em.execute<IssueRow[]>(
    `select ${ISSUE_ROW_COLUMNS}
       from issues i join projects p on p.id = i.project_id left join users au on au.id = i.assignee_id
      where ${where.join(' and ')}
      order by i.id desc ${o.limit ? 'limit ?' : ''}`,
    [...params, ...(o.limit ? [o.limit] : [])],
  );
  return rows.map(toIssueListItem);
}

/** Users the store needs with these projects: their members, and whoever an issue names. */
export function usersOfProjects(em: EntityManager, projectIds: number[], viewerId: number): Promise<UserRef[]> {
  return em.execute<UserRef[]>(
    `select u.id, u.name from users u
      where u.id = ? or exists (select 1 from project_members m where m.user_id = u.id and m.project_id = any(?::int[]))
      order by u.id`,
    [viewerId, intArray(projectIds)],
  );
}
