// Typed calls of the projects API (shapes from @tracker/shared/api/projects).
import type { UserRef } from '@tracker/shared/api/common';
import type { Activity } from '@tracker/shared/api/issues';
import type {
  CreateProjectRequest,
  Label,
  Member,
  Project,
  ProjectDetailResponse,
  ProjectRole,
  Status,
  StatusCategory,
  UpdateProjectRequest,
} from '@tracker/shared/api/projects';
import type { MeResponse } from '@tracker/shared/api/users';
import { http } from '../../lib/http.ts';

const enc = encodeURIComponent;

export const projectsApi = {
  list: (archived: '0' | '1' | 'all' = '0') => http.get<{ projects: Project[] }>('/api/projects', { query: { archived } }),
  get: (idOrKey: string | number) => http.get<ProjectDetailResponse>(`/api/projects/${enc(String(idOrKey))}`),
  create: (body: CreateProjectRequest) => http.post<ProjectDetailResponse>('/api/projects', body),
  update: (id: number, body: UpdateProjectRequest) => http.request<ProjectDetailResponse>(`/api/projects/${id}`, { method: 'PATCH', body }),
  setArchived: (id: number, archived: boolean) => http.post<ProjectDetailResponse>(`/api/projects/${id}/${archived ? 'archive' : 'unarchive'}`),
  remove: (id: number) => http.request<void>(`/api/projects/${id}`, { method: 'DELETE' }),
  setMember: (id: number, userId: number, role: ProjectRole) =>
    http.request<{ members: Member[] }>(`/api/projects/${id}/members/${userId}`, { method: 'PUT', body: { role } }),
  removeMember: (id: number, userId: number) => http.request<{ members: Member[] }>(`/api/projects/${id}/members/${userId}`, { method: 'DELETE' }),
  activity: (id: number, limit = 30) => http.get<{ activity: Activity[] }>(`/api/projects/${id}/activity`, { query: { limit } }),

  createStatus: (projectId: number, body: { name: string; category: StatusCategory; color?: string }) =>
    http.post<{ status: Status }>(`/api/projects/${projectId}/statuses`, body),
  updateStatus: (id: number, body: Partial<{ name: string; category: StatusCategory; color: string }>) =>
    http.request<{ status: Status }>(`/api/statuses/${id}`, { method: 'PATCH', body }),
  deleteStatus: (id: number, moveTo: number) => http.request<void>(`/api/statuses/${id}`, { method: 'DELETE', query: { moveTo } }),
  reorderStatuses: (projectId: number, ids: number[]) =>
    http.request<{ statuses: Status[] }>(`/api/projects/${projectId}/statuses/order`, { method: 'PUT', body: { ids } }),

  createLabel: (projectId: number, body: { name: string; color?: string }) => http.post<{ label: Label }>(`/api/projects/${projectId}/labels`, body),
  updateLabel: (id: number, body: Partial<{ name: string; color: string }>) => http.request<{ label: Label }>(`/api/labels/${id}`, { method: 'PATCH', body }),
  deleteLabel: (id: number) => http.request<void>(`/api/labels/${id}`, { method: 'DELETE' }),
};

export const usersApi = {
  search: (q: string, signal?: AbortSignal) => http.get<{ users: UserRef[] }>('/api/users', { query: { q, limit: 10 }, signal }),
};

// The signed-in user (id and global roles) for hiding actions. Shared by the pages of one screen,
// refetched after a few seconds so a later sign-in as someone else is seen.
let me: { at: number; value: Promise<MeResponse['user'] | null> } | null = null;
export function currentUser(): Promise<MeResponse['user'] | null> {
  if (!me || Date.now() - me.at > 5_000) {
    me = { at: Date.now(), value: http.get<MeResponse>('/api/user/me').then((r) => r.user, () => null) };
  }
  return me.value;
}
