// Typed calls for the issue page and the create/edit form. Shapes come from the shared contract.
import type { AttachmentLinkResponse } from '@tracker/shared/api/attachments';
import type { UserRef } from '@tracker/shared/api/common';
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type {
  Activity,
  Comment,
  CreateIssueRequest,
  IssueDetail,
  IssuePageResponse,
  RelationType,
  SearchResponse,
  UpdateIssueRequest,
} from '@tracker/shared/api/issues';
import type { Project, ProjectDetailResponse } from '@tracker/shared/api/projects';
import type { Stream } from '@tracker/shared/api/streams';
import type { User } from '@tracker/shared/api/users';
import { http } from '../../lib/http.ts';

const enc = encodeURIComponent;

export const issueApi = {
  get: (ref: string | number) => http.get<{ issue: IssueDetail }>(`/api/issues/${enc(String(ref))}`).then((r) => r.issue),
  /** The issue page in one call: the issue, its comments and its activity. */
  page: (ref: string | number) => http.get<IssuePageResponse>(`/api/issues/${enc(String(ref))}/page`),
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
  /** A short-lived download address that needs no session (a cookieless frame cannot send the header with a download). */
  attachmentLink: (attachmentId: number) => http.post<AttachmentLinkResponse>(`/api/attachments/${attachmentId}/link`),
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
 * Raw-body upload with progress through the one client (it carries the session header):
 * `Content-Type` = the file's type, `X-File-Name` = its URL-encoded name.
 */
export function uploadAttachment(issueId: number, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return http.upload<unknown>(`/api/issues/${issueId}/attachments`, file, { headers: { 'x-file-name': encodeURIComponent(file.name) }, onProgress }).then(() => undefined);
}
