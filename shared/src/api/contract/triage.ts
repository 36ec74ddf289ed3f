// Triage of a project's new issues (see contract/endpoint.ts, shared/src/api/triage.ts).
import { triageActionSchema, triageInboxResponseSchema, triageListResponseSchema, triageResultSchema } from '../triage.ts';
import { endpoint } from './endpoint.ts';

export const triage = {
  list: endpoint('GET', '/api/projects/:id/triage', { response: triageListResponseSchema }),
  mine: endpoint('GET', '/api/triage', { response: triageInboxResponseSchema }),
  act: endpoint('POST', '/api/issues/:ref/triage', { body: triageActionSchema, response: triageResultSchema }),
};
