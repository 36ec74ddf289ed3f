// Outgoing webhooks of a project and their delivery log (see contract/endpoint.ts, docs/webhooks.md).
import {
  createWebhookSchema,
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  deliveryResponseSchema,
  updateWebhookSchema,
  webhookResponseSchema,
  webhooksResponseSchema,
} from '../webhooks.ts';
import { endpoint } from './endpoint.ts';

export const webhooks = {
  list: endpoint('GET', '/api/projects/:id/webhooks', { response: webhooksResponseSchema }),
  create: endpoint('POST', '/api/projects/:id/webhooks', { body: createWebhookSchema, response: webhookResponseSchema, status: 201 }),
  update: endpoint('PATCH', '/api/webhooks/:id', { body: updateWebhookSchema, response: webhookResponseSchema }),
  remove: endpoint('DELETE', '/api/webhooks/:id'),
  deliveries: endpoint('GET', '/api/webhooks/:id/deliveries', { query: deliveriesQuerySchema, response: deliveriesResponseSchema }),
  redeliver: endpoint('POST', '/api/deliveries/:id/redeliver', { response: deliveryResponseSchema, status: 201 }),
};
