// Custom field definitions: the project's list, and the admin's editing (see contract/endpoint.ts).
import { createCustomFieldSchema, customFieldResponseSchema, customFieldsQuerySchema, customFieldsResponseSchema, deleteCustomFieldSchema, updateCustomFieldSchema } from '../custom-fields.ts';
import { endpoint } from './endpoint.ts';

export const customFields = {
  forProject: endpoint('GET', '/api/custom-fields', { query: customFieldsQuerySchema.pick({ project: true }), response: customFieldsResponseSchema }),
  list: endpoint('GET', '/api/admin/custom-fields', { query: customFieldsQuerySchema, response: customFieldsResponseSchema }),
  create: endpoint('POST', '/api/admin/custom-fields', { body: createCustomFieldSchema, response: customFieldResponseSchema, status: 201 }),
  get: endpoint('GET', '/api/admin/custom-fields/:id', { response: customFieldResponseSchema }),
  update: endpoint('PATCH', '/api/admin/custom-fields/:id', { body: updateCustomFieldSchema, response: customFieldResponseSchema }),
  archive: endpoint('POST', '/api/admin/custom-fields/:id/archive', { response: customFieldResponseSchema }),
  unarchive: endpoint('POST', '/api/admin/custom-fields/:id/unarchive', { response: customFieldResponseSchema }),
  /** `confirm=true` in the query (or the body) says the values may go too. */
  remove: endpoint('DELETE', '/api/admin/custom-fields/:id', { query: deleteCustomFieldSchema }),
};
