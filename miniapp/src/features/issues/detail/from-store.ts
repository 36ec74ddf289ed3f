// What the issue page takes from the client store instead of asking the server (issue 14): the issue
// as a list saw it (for the first frame), and its project's statuses, labels and members and the
// custom fields that apply to it. Null: the store does not hold it, ask the API.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { IssueListItem } from '@tracker/shared/api/issues';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Snapshot } from 'valtio';
import type { SyncData } from '../../sync/index.ts';

/** The part of a project the issue page uses. */
export type IssueProject = Pick<ProjectDetailResponse, 'statuses' | 'labels' | 'members'>;

type Tables = Snapshot<Pick<SyncData, 'issues'>>;

/** The issue by its key (`WEB-7`) or id, as the store holds it. */
export function storeIssue(store: Tables, ref: string): Snapshot<IssueListItem> | null {
  if (/^\d+$/.test(ref)) return store.issues[Number(ref)] ?? null;
  const key = ref.toUpperCase();
  for (const issue of Object.values(store.issues)) if (issue.key === key) return issue;
  return null;
}

const held = (store: Pick<SyncData, 'projects' | 'syncId'>, projectId: number) => store.syncId !== null && !!store.projects[projectId];

/** Statuses in board order, labels by name, members with their names — as `/api/projects/:id` answers. */
export function storeProject(store: Pick<SyncData, 'projects' | 'statuses' | 'labels' | 'members' | 'users' | 'syncId'>, projectId: number): IssueProject | null {
  if (!held(store, projectId)) return null;
  const statuses = Object.values(store.statuses)
    .filter((s) => s.projectId === projectId)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(({ id, name, category, color, position }) => ({ id, name, category, color, position }));
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

/** Active custom fields that apply to the project, in their order. */
export function storeFields(store: Pick<SyncData, 'projects' | 'customFields' | 'syncId'>, projectId: number): CustomField[] | null {
  if (!held(store, projectId)) return null;
  return Object.values(store.customFields)
    .filter((f) => !f.archivedAt && (f.scope === 'all' || f.projectIds.includes(projectId)))
    .sort((a, b) => a.position - b.position || a.id - b.id);
}
