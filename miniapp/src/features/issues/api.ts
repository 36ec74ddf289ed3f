// Typed calls for the issue list, board, bulk edit, saved views and search (detail/create/edit
// calls live in api-detail.ts). Shapes come from the shared zod schemas.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { UserRef } from '@tracker/shared/api/common';
import type { bulkUpdateSchema, createSavedViewSchema, IssueDetail, IssueListQuery, IssueListResponse, savedViewSchema, SearchResponse, updateSavedViewSchema } from '@tracker/shared/api/issues';
import type { Project, ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';
import { auth } from '../auth/index.ts';

export type SavedView = z.infer<typeof savedViewSchema>;
export type CreateSavedView = z.input<typeof createSavedViewSchema>;
export type UpdateSavedView = z.input<typeof updateSavedViewSchema>;
export type BulkPatch = z.input<typeof bulkUpdateSchema>['patch'];

/** List query parameters (`issueListQuerySchema`'s keys); values travel as query strings. */
export type ListQuery = { [K in keyof IssueListQuery]?: string | number } & Record<string, string | number | undefined>;

export function listIssues(query: ListQuery, signal?: AbortSignal): Promise<IssueListResponse> {
  const q: Record<string, string | number | undefined> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q[k] = v;
  return http.get<IssueListResponse>('/api/issues', { query: q, signal });
}

export const moveIssue = (id: number, body: { statusId: number; beforeId: number | null; afterId: number | null }) =>
  http.post<{ issue: IssueDetail }>(`/api/issues/${id}/move`, body);

export const bulkUpdate = (ids: number[], patch: BulkPatch) => http.post<{ updated: number[] }>('/api/issues/bulk', { ids, patch });

export const listViews = () => http.get<{ views: SavedView[] }>('/api/views').then((r) => r.views);
export const createView = (body: CreateSavedView) => http.post<{ view: SavedView }>('/api/views', body).then((r) => r.view);
export const updateView = (id: number, body: UpdateSavedView) => http.request<{ view: SavedView }>(`/api/views/${id}`, { method: 'PATCH', body }).then((r) => r.view);
export const deleteView = (id: number) => http.request<void>(`/api/views/${id}`, { method: 'DELETE' });

export const search = (q: string, signal?: AbortSignal) => http.get<SearchResponse>('/api/search', { query: { q, limit: 8 }, signal });

export const searchUsers = (q: string) => http.get<{ users: UserRef[] }>('/api/users', { query: { q, limit: 10 } }).then((r) => r.users);

export const listCustomFields = (projectId?: number) =>
  http.get<{ fields: CustomField[] }>('/api/custom-fields', { query: { project: projectId } }).then((r) => r.fields);

// Reference data many rows point at (statuses, labels, projects, streams) changes rarely: one
// request per session, shared by every component, dropped on `project.updated`.
const projectCache = new Map<string, Promise<ProjectDetailResponse>>();

export function getProject(ref: number | string): Promise<ProjectDetailResponse> {
  const key = String(ref);
  let p = projectCache.get(key);
  if (!p) {
    p = http.get<ProjectDetailResponse>(`/api/projects/${encodeURIComponent(key)}`);
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
  projectsPromise ??= http.get<{ projects: Project[] }>('/api/projects').then((r) => r.projects);
  projectsPromise.catch(() => (projectsPromise = null));
  return projectsPromise;
}

let streamsPromise: Promise<Stream[]> | null = null;
export function listStreams(): Promise<Stream[]> {
  streamsPromise ??= http.get<{ streams: Stream[] }>('/api/streams').then((r) => r.streams);
  streamsPromise.catch(() => (streamsPromise = null));
  return streamsPromise;
}

let mePromise: Promise<UserRef | null> | null = null;
/** The signed-in user (for "assign to me" in bulk edit). */
export function getMe(): Promise<UserRef | null> {
  // Known from the page's boot data or the sign-in (issue 14): no call.
  const known = auth.state.user;
  if (known) return Promise.resolve({ id: known.id, name: known.name });
  mePromise ??= http.get<{ user: UserRef }>('/api/user/me').then((r) => ({ id: r.user.id, name: r.user.name }), () => null);
  return mePromise;
}
