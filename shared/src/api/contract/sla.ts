// A project's SLA settings (issue 29, docs/sla.md; see contract/endpoint.ts).
import { putSlaSchema, slaResponseSchema } from '../sla.ts';
import { endpoint } from './endpoint.ts';

export const sla = {
  /** The stored settings, or the defaults with `enabled: false`. */
  get: endpoint('GET', '/api/projects/:id/sla', { response: slaResponseSchema }),
  /** Replaces the settings (owners); `null` or `enabled: false` turns SLAs off. */
  put: endpoint('PUT', '/api/projects/:id/sla', { body: putSlaSchema, response: slaResponseSchema }),
};
