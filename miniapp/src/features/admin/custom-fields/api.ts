import { customFields } from '@tracker/shared/api/contract/custom-fields';
import { users } from '@tracker/shared/api/contract/projects';
import type { CreateCustomFieldRequest, CustomField, updateCustomFieldSchema } from '@tracker/shared/api/custom-fields';
import type { usersResponseSchema } from '@tracker/shared/api/common';
import type { SyncProject } from '@tracker/shared/api/sync';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type UpdateCustomFieldRequest = z.input<typeof updateCustomFieldSchema>;
export type ArchivedFilter = '0' | '1' | 'all';
export type ProjectOption = Pick<SyncProject, 'id' | 'key' | 'name' | 'archivedAt'>;
export type UserOption = z.infer<typeof usersResponseSchema>['users'][number];

export const customFieldsApi = {
  list: (archived: ArchivedFilter) => api(customFields.list, { query: { archived } }),
  get: (id: number) => api(customFields.get, { params: { id } }),
  create: (body: CreateCustomFieldRequest) => api(customFields.create, { body }),
  update: (id: number, body: UpdateCustomFieldRequest) => api(customFields.update, { params: { id }, body }),
  archive: (id: number, archived: boolean) => api(archived ? customFields.archive : customFields.unarchive, { params: { id } }),
  remove: (id: number) => api(customFields.remove, { params: { id }, query: { confirm: 'true' } }),
  users: (q: string, limit = 20) => api(users.search, { query: { q, limit } }),
};

export type { CustomField };
