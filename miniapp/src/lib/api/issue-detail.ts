// Typed calls for the issue page and the create/edit form, derived from the shared declarations (api/contract).
import { customFields } from '@tracker/shared/api/contract/custom-fields';
import { attachments, comments, issues, search } from '@tracker/shared/api/contract/issues';
import { projects, users } from '@tracker/shared/api/contract/projects';
import { session, telegram } from '@tracker/shared/api/contract/session';
import { streams } from '@tracker/shared/api/contract/streams';
import type { AttachmentUploadResponse } from '@tracker/shared/api/attachments';
import type { CreateIssueRequest, RelationType, UpdateIssueRequest } from '@tracker/shared/api/issues';
import { api, apiUpload } from '../api-client.ts';

export const issueApi = {
  /** A prepared inline message of the issue, for Telegram's share dialog. */
  share: (ref: string) => api(telegram.share, { params: { ref } }),
  get: (ref: string | number) => api(issues.get, { params: { ref } }).then((r) => r.issue),
  /** The issue page in one call: the issue, its comments and its activity. */
  page: (ref: string | number, signal?: AbortSignal) => api(issues.page, { params: { ref }, signal }),
  create: (body: CreateIssueRequest) => api(issues.create, { body }).then((r) => r.issue),
  update: (id: number, patch: UpdateIssueRequest) => api(issues.update, { params: { ref: id }, body: patch }).then((r) => r.issue),
  remove: (id: number) => api(issues.remove, { params: { ref: id } }),
  addRelation: (id: number, type: RelationType, issue: string | number) => api(issues.addRelation, { params: { ref: id }, body: { type, issue } }).then((r) => r.issue),
  removeRelation: (id: number, relationId: number) => api(issues.removeRelation, { params: { ref: id, relationId } }).then((r) => r.issue),
  watch: (id: number, on: boolean) => api(on ? issues.watch : issues.unwatch, { params: { ref: id } }).then((r) => r.issue),
  activity: (id: number) => api(issues.activity, { params: { ref: id } }).then((r) => r.activity),
  comments: (id: number) => api(comments.list, { params: { ref: id } }).then((r) => r.comments),
  addComment: (id: number, body: string) => api(comments.create, { params: { ref: id }, body: { body } }).then((r) => r.comment),
  editComment: (commentId: number, body: string) => api(comments.update, { params: { id: commentId }, body: { body } }).then((r) => r.comment),
  deleteComment: (commentId: number) => api(comments.remove, { params: { id: commentId } }),
  deleteAttachment: (attachmentId: number) => api(attachments.remove, { params: { id: attachmentId } }),
  /** A short-lived download address that needs no session (a cookieless frame cannot send the header with a download). */
  attachmentLink: (attachmentId: number) => api(attachments.link, { params: { id: attachmentId } }),
  search: (q: string) => api(search.all, { query: { q, limit: 8 } }),
};

export const lookupApi = {
  me: () => api(session.me).then((r) => r.user),
  users: (q: string, limit = 8) => api(users.search, { query: { q, limit } }).then((r) => r.users),
  projects: () => api(projects.list).then((r) => r.projects),
  project: (idOrKey: string | number) => api(projects.get, { params: { ref: idOrKey } }),
  streams: () => api(streams.list).then((r) => r.streams),
  customFields: (projectId: number) => api(customFields.forProject, { query: { project: projectId } }).then((r) => r.fields),
};

/**
 * Raw-body upload with progress through the one client (it carries the session header):
 * `Content-Type` = the file's type, `X-File-Name` = its URL-encoded name.
 */
export function uploadAttachment(issueId: number, file: File, onProgress: (fraction: number) => void): Promise<AttachmentUploadResponse> {
  return apiUpload(issues.addAttachment, file, { params: { ref: issueId }, headers: { 'x-file-name': encodeURIComponent(file.name) }, onProgress });
}
