// Typed calls for the issue list, board, bulk edit, saved views and search (detail/create/edit
// calls live in api-detail.ts). Paths and shapes come from the shared declarations (api/contract).
import { customFields } from '@tracker/shared/api/contract/custom-fields';
import { issues, search as searchApi, views } from '@tracker/shared/api/contract/issues';
import { projects, users } from '@tracker/shared/api/contract/projects';
import { streams } from '@tracker/shared/api/contract/streams';
import type { bulkUpdateSchema, createSavedViewSchema, IssueListQuery, IssueListResponse, savedViewSchema, updateSavedViewSchema } from '@tracker/shared/api/issues';
import type { Project, ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export type SavedView = z.infer<typeof savedViewSchema>;
export type CreateSavedView = z.input<typeof createSavedViewSchema>;
export type UpdateSavedView = z.input<typeof updateSavedViewSchema>;
export type BulkPatch = z.input<typeof bulkUpdateSchema>['patch'];

/** List query parameters (`issueListQuerySchema`'s keys); values travel as query strings. */
export type ListQuery = { [K in keyof IssueListQuery]?: string | number } & Record<string, string | number | undefined>;

export function listIssues(query: ListQuery, signal?: AbortSignal): Promise<IssueListResponse> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q[k] = String(v);
  return api(issues.list, { query: q, signal });
}

export const moveIssue = (id: number, body: { statusId: number; beforeId: number | null; afterId: number | null }) =>
  api(issues.move, { params: { id }, body });

export const bulkUpdate = (ids: number[], patch: BulkPatch) => api(issues.bulk, { body: { ids, patch } });

export const listViews = () => api(views.list).then((r) => r.views);
export const createView = (body: CreateSavedView) => api(views.create, { body }).then((r) => r.view);
export const updateView = (id: number, body: UpdateSavedView) => api(views.update, { params: { id }, body }).then((r) => r.view);
export const deleteView = (id: number) => api(views.remove, { params: { id } });

export const search = (q: string, signal?: AbortSignal) => api(searchApi.all, { query: { q, limit: 8 }, signal });

export const searchUsers = (q: string) => api(users.search, { query: { q, limit: 10 } }).then((r) => r.users);

export const listCustomFields = (projectId?: number) =>
  api(customFields.forProject, { query: { project: projectId } }).then((r) => r.fields);

// Reference data many rows point at (statuses, labels, projects, streams) changes rarely: one
// request per session, shared by every component, dropped on `project.updated`.
const projectCache = new Map<string, Promise<ProjectDetailResponse>>();

export function getProject(ref: number | string): Promise<ProjectDetailResponse> {
  const key = String(ref);
  let p = projectCache.get(key);
  if (!p) {
    p = api(projects.get, { params: { ref: key } });
    p.catch(() => projectCache.delete(key));
    projectCache.set(key, p);
    void p.then((d) => {
      // Cache under both the id and the key, so `?project=WEB` and a row's projectId share it.
      projectCache.set(String(d.project.id), p!);
      projectCache.set(d.project.key, p!);
    }, () => undefined);
  }
  return p;
}

export function forgetProject(id: number) {
  for (const [k, p] of projectCache) void p.then((d) => d.project.id === id && projectCache.delete(k), () => undefined);
}

let projectsPromise: Promise<Project[]> | null = null;
export function listProjects(): Promise<Project[]> {
  projectsPromise ??= api(projects.list).then((r) => r.projects);
  projectsPromise.catch(() => (projectsPromise = null));
  return projectsPromise;
}

let streamsPromise: Promise<Stream[]> | null = null;
export function listStreams(): Promise<Stream[]> {
  streamsPromise ??= api(streams.list).then((r) => r.streams);
  streamsPromise.catch(() => (streamsPromise = null));
  return streamsPromise;
}

