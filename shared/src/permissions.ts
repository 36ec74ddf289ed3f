// Permission checks are capabilities, never role-name comparisons at call sites.
import type { ProjectRole } from './api/projects.ts';

export const ROLES = ['admin'] as const;
export type Role = (typeof ROLES)[number];

const GLOBAL_CAPABILITIES = {
  'admin.access': ['admin'],
  'admin.customFields': ['admin'],
  'admin.users': ['admin'],
  'admin.redirects': ['admin'],
  'admin.blog': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof GLOBAL_CAPABILITIES;

export function can(roles: readonly string[] | null | undefined, capability: Capability): boolean {
  const allowed: readonly string[] = GLOBAL_CAPABILITIES[capability];
  return (roles ?? []).some((r) => allowed.includes(r));
}

/** What each project role may do. Admins may do everything in every project. */
const PROJECT_CAPABILITIES = {
  'project.view': ['owner', 'member', 'viewer'],
  'project.edit': ['owner'],
  'project.archive': ['owner'],
  'project.delete': ['owner'],
  'project.members': ['owner'],
  'project.workflow': ['owner'],
  'project.webhooks': ['owner'],
  /** Importing issues from a file (issue 17): it creates statuses, labels and issues in bulk. */
  'project.import': ['owner'],
  'project.labels': ['owner', 'member'],
  'issue.create': ['owner', 'member'],
  'issue.edit': ['owner', 'member'],
  'issue.delete': ['owner'],
  'comment.create': ['owner', 'member'],
  'comment.moderate': ['owner'],
  'view.share': ['owner', 'member'],
  /** Issue templates: everyone who sees the project reads them, who creates issues uses them. */
  'project.templates': ['owner'],
  /** Linking a members-only project to a Telegram group, which shows it to everyone there (issue 26). */
  'project.telegram': ['owner'],
  /** Planning (issue 29): the cadence, cycles and milestones. Whoever works on the project plans it. */
  'project.plan': ['owner', 'member'],
  /** A project's SLA targets and working time (issue 29). */
  'project.sla': ['owner'],
} as const satisfies Record<string, readonly ProjectRole[]>;

export type ProjectCapability = keyof typeof PROJECT_CAPABILITIES;
export const PROJECT_CAPABILITY_NAMES = Object.keys(PROJECT_CAPABILITIES) as ProjectCapability[];

export function canInProject(role: ProjectRole | null | undefined, globalRoles: readonly string[] | null | undefined, capability: ProjectCapability): boolean {
  if ((globalRoles ?? []).includes('admin')) return true;
  if (!role) return false;
  return (PROJECT_CAPABILITIES[capability] as readonly string[]).includes(role);
}
