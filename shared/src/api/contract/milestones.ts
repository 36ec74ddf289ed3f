// Milestones of a project (issue 29; see docs/cycles.md).
import { createMilestoneSchema, milestoneResponseSchema, milestonesResponseSchema, updateMilestoneSchema } from '../milestones.ts';
import { endpoint } from './endpoint.ts';

export const milestones = {
  list: endpoint('GET', '/api/projects/:id/milestones', { response: milestonesResponseSchema }),
  create: endpoint('POST', '/api/projects/:id/milestones', { body: createMilestoneSchema, response: milestoneResponseSchema, status: 201 }),
  get: endpoint('GET', '/api/milestones/:id', { response: milestoneResponseSchema }),
  update: endpoint('PATCH', '/api/milestones/:id', { body: updateMilestoneSchema, response: milestoneResponseSchema }),
  /** Its issues keep their other fields and belong to no milestone. */
  remove: endpoint('DELETE', '/api/milestones/:id'),
};
