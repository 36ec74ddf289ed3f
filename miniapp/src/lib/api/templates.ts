// Typed calls of the issue templates API (shapes from @tracker/shared/api/templates).
import { templates } from '@tracker/shared/api/contract/templates';
import type { ApplyTemplateRequest, CreateTemplateRequest, IssueTemplate, UpdateTemplateRequest } from '@tracker/shared/api/templates';
import { api } from '../api-client.ts';

export const templatesApi = {
  list: (projectId: number) => api(templates.list, { params: { id: projectId } }).then((r) => r.templates),
  create: (projectId: number, body: CreateTemplateRequest) => api(templates.create, { params: { id: projectId }, body }).then((r) => r.template),
  update: (id: number, body: UpdateTemplateRequest) => api(templates.update, { params: { id }, body }).then((r) => r.template),
  remove: (id: number) => api(templates.remove, { params: { id } }),
  apply: (id: number, body: ApplyTemplateRequest) => api(templates.apply, { params: { id }, body }),
};

export type { IssueTemplate };
