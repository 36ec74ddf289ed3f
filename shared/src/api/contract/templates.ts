// Issue templates of a project, and making an issue from one (see contract/endpoint.ts, docs/templates.md).
import {
  applyTemplateResponseSchema,
  applyTemplateSchema,
  createTemplateSchema,
  templateResponseSchema,
  templatesResponseSchema,
  updateTemplateSchema,
} from '../templates.ts';
import { endpoint } from './endpoint.ts';

export const templates = {
  list: endpoint('GET', '/api/projects/:id/templates', { response: templatesResponseSchema }),
  create: endpoint('POST', '/api/projects/:id/templates', { body: createTemplateSchema, response: templateResponseSchema, status: 201 }),
  update: endpoint('PATCH', '/api/templates/:id', { body: updateTemplateSchema, response: templateResponseSchema }),
  remove: endpoint('DELETE', '/api/templates/:id'),
  /** Creates the issue and one sub-issue per checklist line, in one transaction. */
  apply: endpoint('POST', '/api/templates/:id/apply', { body: applyTemplateSchema, response: applyTemplateResponseSchema, status: 201 }),
};
