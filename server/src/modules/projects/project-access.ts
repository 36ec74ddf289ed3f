import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { canInProject, type ProjectCapability } from '@tracker/shared/permissions';
import { forbidden, notFound, type NotFoundSubject } from '@tracker/shared/domain-errors';
import type { UserDay } from '../users/user-day.repository.ts';
import { projectWithRole } from './project-access.repository.ts';
import type { Project } from './project.entity.ts';

/** Who is asking: the signed-in user's id and global roles. */
export interface Viewer {
  id: number;
  roles: readonly string[];
  /** Their time zone and language, when the request read them with the session (users/user-day.repository.ts `viewerDay`). */
  day?: UserDay;
}

export const isAdmin = (viewer: Viewer) => viewer.roles.includes('admin');

export interface ProjectAccess {
  project: Project;
  /** Membership role; `viewer` for a non-member of a project visible to all signed-in users; null for a non-member admin. */
  role: ProjectRole | null;
}

// The project-visibility rule, written once: a project is visible to its members, to every signed-in
// user when its visibility is `all` (as a viewer), and to admins. The TypeScript and SQL forms below
// are the only places that spell it.

/**
 * Open to the whole workspace: every signed-in user sees the project (as a viewer), and a Telegram
 * group may be shown it without an owner's consent. Its SQL form is `openToWorkspaceSql`.
 */
// eslint-disable-next-line no-restricted-syntax -- the one place the rule is spelt
export const openToWorkspace = (project: { visibility: string }): boolean => project.visibility === 'all';
// eslint-disable-next-line no-restricted-syntax -- its SQL form
export const openToWorkspaceSql = (alias: string) => `${alias}.visibility = 'all'`;

/** A user's role in a project: their membership, else `viewer` when the project is open to the workspace, else null. */
export const roleIn = (visibility: string, memberRole: ProjectRole | null): ProjectRole | null => memberRole ?? (openToWorkspace({ visibility }) ? 'viewer' : null);

/** The rule in SQL for project alias `p`, a user id expression and an "is admin" expression. */
const visibleSql = (p: string, userId: string, admin: string) =>
  `(${openToWorkspaceSql(p)} or ${admin} or exists (select 1 from project_members vm where vm.project_id = ${p}.id and vm.user_id = ${userId}))`;

/** SQL condition: user row `userAlias` may see project `projectAlias`. */
export const userCanViewProjectSql = (userAlias: string, projectAlias: string) => visibleSql(projectAlias, `${userAlias}.id`, `'admin' = any(${userAlias}.roles)`);

/** The project as this viewer sees it, or null when it is invisible to them. */
export async function projectAccess(em: EntityManager, viewer: Viewer, ref: number | string): Promise<ProjectAccess | null> {
  const found = await projectWithRole(em, ref, viewer.id);
  if (!found) return null;
  const role = roleIn(found.project.visibility, found.memberRole);
  if (role || isAdmin(viewer)) return { project: found.project, role };
  return null;
}

/**
 * Loads a project and checks a capability on it. An invisible project is a 404 whatever the
 * capability, so nobody learns that it exists; a visible one without the capability is a 403.
 */
export async function requireProject(em: EntityManager, viewer: Viewer, ref: number | string, capability: ProjectCapability): Promise<ProjectAccess> {
  const found = await projectWithRole(em, ref, viewer.id);
  if (!found) throw notFound('project');
  return { project: found.project, role: requireAccess(viewer, { visibility: found.project.visibility, memberRole: found.memberRole }, capability) };
}

/**
 * The same check on access facts read in the statement that reads the data (the project's
 * visibility and the viewer's membership), so a page costs no query of its own for it: the role,
 * else a 404 for `subject` when the viewer may not see it, or a 403 without the capability.
 */
export function requireAccess(viewer: Viewer, facts: { visibility: string; memberRole: ProjectRole | null }, capability: ProjectCapability, subject: NotFoundSubject = 'project'): ProjectRole | null {
  const role = roleIn(facts.visibility, facts.memberRole);
  if (!role && !isAdmin(viewer)) throw notFound(subject);
  if (!canInProject(role, viewer.roles, capability)) throw forbidden();
  return role;
}

/**
 * SQL condition selecting the projects a viewer can see, for list queries. `alias` is the projects
 * table alias; the returned params go where the `?` placeholders are.
 */
export function visibleProjectsCondition(viewer: Viewer, alias = 'p'): { sql: string; params: unknown[] } {
  if (isAdmin(viewer)) return { sql: 'true', params: [] };
  return { sql: visibleSql(alias, '?', 'false'), params: [viewer.id] };
}

/** A Telegram chat in SQL: its id as a bound value (null when Telegram does not say which chat, as for an inline share), or a column of the query. */
export type ChatSql = { id: number | null } | { column: string };

/**
 * The group rule, written once: a Telegram group (or channel) is shown a project only when every
 * member of the chat may see it. A bot cannot list a chat's members, so every chat is taken to have
 * people outside the project: a chat is shown the projects open to the whole workspace, and a
 * members-only project only once its owner linked it to that chat, having confirmed that everyone in
 * the chat will see it (issue 26). Everything the bot or a notification says in a chat asks this.
 */
export function groupVisibleCondition(chat: ChatSql, alias = 'p'): { sql: string; params: unknown[] } {
  const linked = (chatId: string) => `exists (select 1 from telegram_chat_links gl where gl.project_id = ${alias}.id and gl.chat_id = ${chatId} and gl.consented_at is not null)`;
  const open = openToWorkspaceSql(alias);
  if ('column' in chat) return { sql: `(${open} or ${linked(chat.column)})`, params: [] };
  if (chat.id === null) return { sql: open, params: [] };
  return { sql: `(${open} or ${linked('?')})`, params: [chat.id] };
}
