// Typed calls for the issue page and the create/edit form. Shapes come from the shared contract.
import type { UserRef } from '@tracker/shared/api/common';
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type {
  Activity,
  Comment,
  CreateIssueRequest,
  IssueDetail,
  RelationType,
  SearchResponse,
  UpdateIssueRequest,
} from '@tracker/shared/api/issues';
import type { Project, ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import type { User } from '@tracker/shared/api/users';
import { ApiError, http } from '../../lib/http.ts';

const enc = encodeURIComponent;

export const issueApi = {
  get: (ref: string | number) => http.get<{ issue: IssueDetail }>(`/api/issues/${enc(String(ref))}`).then((r) => r.issue),
  create: (body: CreateIssueRequest) => http.post<{ issue: IssueDetail }>('/api/issues', body).then((r) => r.issue),
  update: (id: number, patch: UpdateIssueRequest) =>
    http.request<{ issue: IssueDetail }>(`/api/issues/${id}`, { method: 'PATCH', body: patch }).then((r) => r.issue),
  remove: (id: number) => http.request<void>(`/api/issues/${id}`, { method: 'DELETE' }),
  addRelation: (id: number, type: RelationType, issue: string | number) =>
    http.post<{ issue: IssueDetail }>(`/api/issues/${id}/relations`, { type, issue }).then((r) => r.issue),
  removeRelation: (id: number, relationId: number) =>
    http.request<{ issue: IssueDetail }>(`/api/issues/${id}/relations/${relationId}`, { method: 'DELETE' }).then((r) => r.issue),
  watch: (id: number, on: boolean) =>
    http.request<{ issue: IssueDetail }>(`/api/issues/${id}/watch`, { method: on ? 'POST' : 'DELETE' }).then((r) => r.issue),
  activity: (id: number) => http.get<{ activity: Activity[] }>(`/api/issues/${id}/activity`).then((r) => r.activity),
  comments: (id: number) => http.get<{ comments: Comment[] }>(`/api/issues/${id}/comments`).then((r) => r.comments),
  addComment: (id: number, body: string) => http.post<{ comment: Comment }>(`/api/issues/${id}/comments`, { body }).then((r) => r.comment),
  editComment: (commentId: number, body: string) =>
    http.request<{ comment: Comment }>(`/api/comments/${commentId}`, { method: 'PATCH', body: { body } }).then((r) => r.comment),
  deleteComment: (commentId: number) => http.request<void>(`/api/comments/${commentId}`, { method: 'DELETE' }),
  deleteAttachment: (attachmentId: number) => http.request<void>(`/api/attachments/${attachmentId}`, { method: 'DELETE' }),
  search: (q: string) => http.get<SearchResponse>('/api/search', { query: { q, limit: 8 } }),
};

export const lookupApi = {
  me: () => http.get<{ user: User }>('/api/user/me').then((r) => r.user),
  users: (q: string, limit = 8) => http.get<{ users: UserRef[] }>('/api/users', { query: { q, limit } }).then((r) => r.users),
  projects: () => http.get<{ projects: Project[] }>('/api/projects').then((r) => r.projects),
  project: (idOrKey: string | number) => http.get<ProjectDetailResponse>(`/api/projects/${enc(String(idOrKey))}`),
  streams: () => http.get<{ streams: Stream[] }>('/api/streams').then((r) => r.streams),
  customFields: (projectId: number) =>
    http.get<{ fields: CustomField[] }>('/api/custom-fields', { query: { project: projectId } }).then((r) => r.fields),
};

/**
 * Raw-body upload with progress (fetch has no upload progress): `Content-Type` = the file's type,
 * `X-File-Name` = its URL-encoded name. Rejects with an ApiError carrying the server's message.
 */
export function uploadAttachment(issueId: number, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/issues/${issueId}/attachments`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let body: { statusMessage?: string; data?: Record<string, unknown> } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: keep the status text */
      }
      reject(new ApiError(xhr.status, body.statusMessage ?? xhr.statusText, body.data ?? {}));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(file);
  });
}
