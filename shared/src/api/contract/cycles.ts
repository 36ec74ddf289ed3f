// Cycles (sprints) of a project and its cadence (issue 29; see docs/cycles.md).
import {
  cycleCreatedResponseSchema,
  cycleResponseSchema,
  cycleSettingsResponseSchema,
  createCycleSchema,
  projectCyclesResponseSchema,
  putCycleSettingsSchema,
  updateCycleSchema,
} from '../cycles.ts';
import { endpoint } from './endpoint.ts';

export const cycles = {
  list: endpoint('GET', '/api/projects/:id/cycles', { response: projectCyclesResponseSchema }),
  /** Sets the cadence (and makes the current and upcoming cycles), or stops it with `null`. */
  settings: endpoint('PUT', '/api/projects/:id/cycle-settings', { body: putCycleSettingsSchema, response: cycleSettingsResponseSchema }),
  create: endpoint('POST', '/api/projects/:id/cycles', { body: createCycleSchema, response: cycleCreatedResponseSchema, status: 201 }),
  /** The cycle with its scope, burndown and velocity. */
  get: endpoint('GET', '/api/cycles/:id', { response: cycleResponseSchema }),
  update: endpoint('PATCH', '/api/cycles/:id', { body: updateCycleSchema, response: cycleCreatedResponseSchema }),
  /** Its issues leave it (they keep their history). */
  remove: endpoint('DELETE', '/api/cycles/:id'),
};
