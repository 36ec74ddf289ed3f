// Typed calls of the webhooks API (shapes from @tracker/shared/api/webhooks).
import { webhooks } from '@tracker/shared/api/contract/webhooks';
import type { CreateWebhookInput, UpdateWebhookInput } from '@tracker/shared/api/webhooks';
import { api } from '../../lib/api-client.ts';

export const webhooksApi = {
  list: (projectId: number) => api(webhooks.list, { params: { id: projectId } }),
  create: (projectId: number, body: CreateWebhookInput) => api(webhooks.create, { params: { id: projectId }, body }),
  update: (id: number, body: UpdateWebhookInput) => api(webhooks.update, { params: { id }, body }),
  remove: (id: number) => api(webhooks.remove, { params: { id } }),
  deliveries: (id: number, cursor?: string) => api(webhooks.deliveries, { params: { id }, query: { limit: 20, ...(cursor ? { cursor } : {}) } }),
  redeliver: (deliveryId: number) => api(webhooks.redeliver, { params: { id: deliveryId } }),
};
