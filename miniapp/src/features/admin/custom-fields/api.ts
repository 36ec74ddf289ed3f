import type { CreateCustomFieldRequest, CustomField, customFieldResponseSchema, customFieldsResponseSchema, updateCustomFieldSchema } from '@tracker/shared/api/custom-fields';
import type { usersResponseSchema } from '@tracker/shared/api/common';
import type { projectsResponseSchema } from '@tracker/shared/api/projects';
import type { z } from 'zod';
import { http } from '../../../lib/http.ts';

export type UpdateCustomFieldRequest = z.input<typeof updateCustomFieldSchema>;
export type ArchivedFilter = '0' | '1' | 'all';
type FieldResponse = z.infer<typeof customFieldResponseSchema>;
export type ProjectOption = z.infer<typeof projectsResponseSchema>['projects'][number];
export type UserOption = z.infer<typeof usersResponseSchema>['users'][number];

const base = '/api/admin/custom-fields';

export const customFieldsApi = {
  list: (archived: ArchivedFilter) => http.get<z.infer<typeof customFieldsResponseSchema>>(base, { query: { archived } }),
  get: (id: number) => http.get<FieldResponse>(`${base}/${id}`),
  create: (body: CreateCustomFieldRequest) => http.post<FieldResponse>(base, body),
  update: (id: number, body: UpdateCustomFieldRequest) => http.request<FieldResponse>(`${base}/${id}`, { method: 'PATCH', body }),
  archive: (id: number, archived: boolean) => http.post<FieldResponse>(`${base}/${id}/${archived ? 'archive' : 'unarchive'}`),
  remove: (id: number) => http.request<void>(`${base}/${id}`, { method: 'DELETE', query: { confirm: 'true' } }),
  projects: () => http.get<z.infer<typeof projectsResponseSchema>>('/api/projects', { query: { archived: 'all' } }),
  users: (q: string, limit = 20) => http.get<z.infer<typeof usersResponseSchema>>('/api/users', { query: { q, limit } }),
};

export type { CustomField };
