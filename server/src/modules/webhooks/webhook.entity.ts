import { defineEntity, p } from '@mikro-orm/core';

// The tables are written with SQL (webhook.repository.ts); the entities name them for the ORM's metadata.
const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhooks',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    url: p.text(),
    events: p.array<string>(),
    secret: p.text(),
    enabled: p.boolean().default(true),
    consecutiveFailures: p.integer().default(0),
    disabledAt: p.datetime().nullable(),
    disabledReason: p.text().nullable(),
    createdBy: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);

const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    webhookId: p.integer(),
    event: p.string().length(40),
    deliveryUuid: p.uuid(),
    payload: p.json<Record<string, unknown>>(),
    attempts: p.integer().default(0),
    status: p.string().length(16).default('pending'),
    responseStatus: p.integer().nullable(),
    durationMs: p.integer().nullable(),
    responseExcerpt: p.text().nullable(),
    error: p.text().nullable(),
    nextRetryAt: p.datetime().nullable(),
    redeliveryOf: p.bigint('number').nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

export { WebhookDeliverySchema, WebhookSchema };
