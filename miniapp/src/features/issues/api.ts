// Typed calls for the issue list, board, bulk edit, saved views and search (detail/create/edit
// calls live in api-detail.ts). Paths and shapes come from the shared declarations (api/contract).
import { issues, search as searchApi, views } from '@tracker/shared/api/contract/issues';
import type { bulkUpdateSchema, createSavedViewSchema, IssueListQuery, IssueListResponse, savedViewSchema, updateSavedViewSchema } from '@tracker/shared/api/issues';
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

export const bulkUpdate = (ids: number[], patch: BulkPatch) => api(issues.bulk, { body: { ids, patch } });

export const createView = (body: CreateSavedView) => api(views.create, { body }).then((r) => r.view);
export const updateView = (id: number, body: UpdateSavedView) => api(views.update, { params: { id }, body }).then((r) => r.view);
export const deleteView = (id: number) => api(views.remove, { params: { id } });

export const search = (q: string, signal?: AbortSignal) => api(searchApi.all, { query: { q, limit: 8 }, signal });
