// Reference data screens used to ask the API for (filter pickers, the views menu): the same lists
// from the store, in the server's orders. Null when the store is not synced yet (ask the API).
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Cycle } from '@tracker/shared/api/cycles';
import type { Milestone } from '@tracker/shared/api/milestones';
import type { UserRef } from '@tracker/shared/api/common';
import type { SavedView } from '@tracker/shared/api/issues';
import type { Member } from '@tracker/shared/api/projects';
import type { SyncProject, SyncStream } from '@tracker/shared/api/sync';
import { useMemo } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import type { SyncData } from './model.ts';
import { syncState } from './session.ts';

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
};

/** Projects not archived, by name (`GET /api/projects`). */
export const storeProjects = (s: Snapshot<Pick<SyncData, 'projects'>>): Snapshot<SyncProject>[] => Object.values(s.projects).filter((p) => !p.archivedAt).sort(byName);

/** Every stream, by name (what pickers show). */
export const storeStreams = (s: Snapshot<Pick<SyncData, 'streams'>>): Snapshot<SyncStream>[] => Object.values(s.streams).sort(byName);

/** Everyone the store knows (members of the projects I see), by name. */
export const storeUsers = (s: Snapshot<Pick<SyncData, 'users'>>): Snapshot<UserRef>[] => Object.values(s.users).sort(byName);

/** The project's members with their names, by name (`GET /api/projects/:id`'s `members`). */
export const storeMembers = (s: Snapshot<Pick<SyncData, 'members' | 'users'>>, projectId: number): Member[] =>
  Object.values(s.members)
    .filter((m) => m.projectId === projectId)
    .map((m) => ({ user: { ...(s.users[m.userId] ?? { id: m.userId, name: '' }) }, role: m.role }))
    .sort((a, b) => byName(a.user, b.user));

/** Active fields applying to `projectId` (all when none), in their order (`GET /api/custom-fields`). */
export const storeCustomFields = (s: Snapshot<Pick<SyncData, 'customFields'>>, projectId?: number): Snapshot<CustomField>[] =>
  Object.values(s.customFields)
    .filter((f) => !f.archivedAt && (projectId === undefined || f.scope === 'all' || f.projectIds.includes(projectId)))
    .sort((a, b) => a.position - b.position || a.id - b.id);

/** My views and those shared with my projects: workspace-wide first, then by name (`GET /api/views`). */
export const storeViews = (s: Snapshot<Pick<SyncData, 'views'>>): Snapshot<SavedView>[] =>
  Object.values(s.views).sort((a, b) => (a.projectId === null) !== (b.projectId === null) ? (a.projectId === null ? -1 : 1) : (a.projectId ?? 0) - (b.projectId ?? 0) || byName(a, b));

/** A project's cycles, oldest first. */
export const storeCycles = (s: Snapshot<Pick<SyncData, 'cycles'>>, projectId: number): Snapshot<Cycle>[] =>
  Object.values(s.cycles)
    .filter((c) => c.projectId === projectId)
    .sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1));

/** A project's milestones by target date. */
export const storeMilestones = (s: Snapshot<Pick<SyncData, 'milestones'>>, projectId: number): Snapshot<Milestone>[] =>
  Object.values(s.milestones)
    .filter((m) => m.projectId === projectId)
    .sort((a, b) => (a.targetDate < b.targetDate ? -1 : a.targetDate > b.targetDate ? 1 : a.id - b.id));

/** A project's cycles and milestones from the store, for pickers. */
export function usePlanOptions(projectId: number | null | undefined) {
  const { cycles, milestones } = useSnapshot(syncState());
  return useMemo(
    () => (projectId ? { cycles: storeCycles({ cycles }, projectId), milestones: storeMilestones({ milestones }, projectId) } : { cycles: [], milestones: [] }),
    [cycles, milestones, projectId],
  );
}

/** The reference lists from the store, or null before it is synced. */
export function useStoreReference() {
  const { projects, users, customFields, views, streams, members, syncId } = useSnapshot(syncState());
  return useMemo(
    () =>
      syncId === null
        ? null
        : {
            projects: storeProjects({ projects }),
            users: storeUsers({ users }),
            customFields: (projectId?: number) => storeCustomFields({ customFields }, projectId),
            views: storeViews({ views }),
            streams: storeStreams({ streams }),
            members: (projectId: number) => storeMembers({ members, users }, projectId),
          },
    [projects, users, customFields, views, streams, members, syncId],
  );
}

/**
 * The palette's instant answer from the store, before the server's full-text search arrives: issues
 * whose key starts with the text or whose title contains it (recently updated first), and projects
 * by name or key.
 */
export function searchStore(s: Snapshot<Pick<SyncData, 'issues' | 'projects'>>, text: string, limit: number) {
  const q = text.trim().toLowerCase();
  if (!q) return { issues: [], projects: [] };
  const issues = Object.values(s.issues)
    .filter((i) => i.key.toLowerCase().startsWith(q) || i.title.toLowerCase().includes(q))
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id)
    .slice(0, limit)
    .map((i) => ({ id: i.id, key: i.key, title: i.title }));
  const projects = storeProjects(s)
    .filter((p) => p.name.toLowerCase().includes(q) || p.key.toLowerCase().startsWith(q))
    .slice(0, limit)
    .map((p) => ({ id: p.id, key: p.key, name: p.name }));
  return { issues, projects };
}
