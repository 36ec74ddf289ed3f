// Projects, their members, statuses and labels, and the user picker (see contract/endpoint.ts).
import { usersQuerySchema, usersResponseSchema } from '../common.ts';
import { activityResponseSchema } from '../issues.ts';
import {
  createLabelSchema,
  createProjectSchema,
  createStatusSchema,
  deleteStatusSchema,
  demoProjectResponseSchema,
  labelResponseSchema,
  membersResponseSchema,
  projectActivityQuerySchema,
  projectChecklistResponseSchema,
  projectDetailResponseSchema,
  projectsQuerySchema,
  projectsResponseSchema,
  reorderStatusesSchema,
  setMemberSchema,
  statusesResponseSchema,
  statusResponseSchema,
  updateLabelSchema,
  updateProjectSchema,
  updateStatusSchema,
} from '../projects.ts';
import { endpoint } from './endpoint.ts';

export const projects = {
  list: endpoint('GET', '/api/projects', { query: projectsQuerySchema, response: projectsResponseSchema }),
  create: endpoint('POST', '/api/projects', { body: createProjectSchema, response: projectDetailResponseSchema, status: 201 }),
  demo: endpoint('POST', '/api/projects/demo', { response: demoProjectResponseSchema, status: 201, summary: "The caller's demo project: 201 when made now, 200 (`created: false`) when it already exists" }),
  get: endpoint('GET', '/api/projects/:ref', { response: projectDetailResponseSchema }),
  /** The new project's checklist (issue 26): which first steps are done. */
  checklist: endpoint('GET', '/api/projects/:id/checklist', { response: projectChecklistResponseSchema }),
  update: endpoint('PATCH', '/api/projects/:id', { body: updateProjectSchema, response: projectDetailResponseSchema }),
  archive: endpoint('POST', '/api/projects/:id/archive', { response: projectDetailResponseSchema }),
  unarchive: endpoint('POST', '/api/projects/:id/unarchive', { response: projectDetailResponseSchema }),
  remove: endpoint('DELETE', '/api/projects/:id'),
  setMember: endpoint('PUT', '/api/projects/:id/members/:userId', { body: setMemberSchema, response: membersResponseSchema }),
  removeMember: endpoint('DELETE', '/api/projects/:id/members/:userId', { response: membersResponseSchema }),
  activity: endpoint('GET', '/api/projects/:id/activity', { query: projectActivityQuerySchema, response: activityResponseSchema }),
};

export const workflow = {
  createStatus: endpoint('POST', '/api/projects/:id/statuses', { body: createStatusSchema, response: statusResponseSchema, status: 201 }),
  reorderStatuses: endpoint('PUT', '/api/projects/:id/statuses/order', { body: reorderStatusesSchema, response: statusesResponseSchema }),
  updateStatus: endpoint('PATCH', '/api/statuses/:id', { body: updateStatusSchema, response: statusResponseSchema }),
  deleteStatus: endpoint('DELETE', '/api/statuses/:id', { query: deleteStatusSchema }),
  createLabel: endpoint('POST', '/api/projects/:id/labels', { body: createLabelSchema, response: labelResponseSchema, status: 201 }),
  updateLabel: endpoint('PATCH', '/api/labels/:id', { body: updateLabelSchema, response: labelResponseSchema }),
  deleteLabel: endpoint('DELETE', '/api/labels/:id'),
};

export const users = {
  search: endpoint('GET', '/api/users', { query: usersQuerySchema, response: usersResponseSchema }),
};
