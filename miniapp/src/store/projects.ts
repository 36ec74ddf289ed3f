// A project's statuses, labels and members as the client store holds them, in the shapes the issue
// page, the list and My work show (the API's `/api/projects/:id` order).
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { SyncData } from './model.ts';

/** The part of a project the issue page uses. */
export type IssueProject = Pick<ProjectDetailResponse, 'statuses' | 'labels' | 'members'>;
/** The part of a project a list row and its grouping use. */
export type ListProject = IssueProject & { project: Pick<ProjectDetailResponse['project'], 'id' | 'key' | 'name' | 'color'> };

/** The store holds the project (from a bootstrap's first answer on; apply.ts). */
export const held = (store: Pick<SyncData, 'projects'>, projectId: number) => !!store.projects[projectId];

/** Statuses in board order, labels by name, members with their names — as `/api/projects/:id` answers. */
export function storeProject(store: Pick<SyncData, 'projects' | 'statuses' | 'labels' | 'members' | 'users' | 'syncId'>, projectId: number): IssueProject | null {
  if (!held(store, projectId)) return null;
  const statuses = Object.values(store.statuses)
    .filter((s) => s.projectId === projectId)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(({ id, name, category, color, position, waiting }) => ({ id, name, category, color, position, waiting }));
  const labels = Object.values(store.labels)
    .filter((l) => l.projectId === projectId)
    .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id))
    .map(({ id, name, color }) => ({ id, name, color }));
  const members = Object.values(store.members)
    .filter((m) => m.projectId === projectId)
    .sort((a, b) => a.userId - b.userId)
    .map((m) => ({ user: store.users[m.userId] ?? { id: m.userId, name: '' }, role: m.role }));
  return { statuses, labels, members };
}

/** What a list row and its grouping show of a project, from the store. */
export function storeListProject(store: Pick<SyncData, 'projects' | 'statuses' | 'labels' | 'members' | 'users' | 'syncId'>, projectId: number): ListProject | null {
  const parts = storeProject(store, projectId);
  const p = store.projects[projectId];
  return parts && p ? { ...parts, project: { id: p.id, key: p.key, name: p.name, color: p.color } } : null;
}
