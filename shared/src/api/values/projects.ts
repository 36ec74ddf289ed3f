// The projects values, without zod: the web app's start reads them (issue 27, the light start);
// ../projects.ts builds its schemas on them and exports them too.
export const PROJECT_ROLES = ['owner', 'member', 'viewer'] as const;
/** `triage` (issue 26): issues nobody has looked at yet, before the backlog; a project has at most one such status. */
export const STATUS_CATEGORIES = ['triage', 'backlog', 'unstarted', 'started', 'completed', 'canceled'] as const;
export const PROJECT_VISIBILITY = ['members', 'all'] as const;
