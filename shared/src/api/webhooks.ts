import { z } from 'zod';
import { text } from './fields.ts';
import { WEBHOOK_EVENTS } from './values/webhooks.ts';

export { WEBHOOK_EVENTS };

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Failed delivery attempts in a row after which a webhook is switched off. */
export const WEBHOOK_MAX_CONSECUTIVE_FAILURES = 50;
export const WEBHOOK_URL_MAX = 2000;
export const DELIVERIES_PAGE_MAX = 100;

const url = text()
  .trim()
  .min(1, 'validation.required')
  .max(WEBHOOK_URL_MAX, 'validation.tooLong')
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'validation.webhookUrl');
const events = z
  .array(z.enum(WEBHOOK_EVENTS, 'validation.invalid'), 'validation.invalid')
  .min(1, 'validation.webhookEvents')
  .max(WEBHOOK_EVENTS.length, 'validation.max')
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

export const createWebhookSchema = z.strictObject({ url, events, enabled: z.boolean('validation.invalid').default(true) });
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

/** Any of these; `enabled: true` on a disabled webhook starts its failure count afresh; `rotateSecret` makes a new secret. */
export const updateWebhookSchema = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean('validation.invalid').optional(),
  rotateSecret: z.literal(true, 'validation.invalid').optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** Shown to those who manage the webhook: it verifies the signatures. */
  secret: z.string(),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookResponseSchema = z.object({ webhook: webhookSchema });
export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });

export const deliverySchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  /** The `X-Tracker-Delivery` header and the body's `id`. */
  deliveryId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The response body's first kilobyte. */
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  /** The delivery this one sends again, when it is a redelivery. */
  redeliveryOf: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  payload: z.unknown(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** `GET /api/webhooks/:id/deliveries`, newest first: `cursor` is the `nextCursor` of the page before. */
export const deliveriesQuerySchema = z.object({
  cursor: text()
    .regex(/^[1-9]\d{0,18}$/, 'validation.invalid')
    .optional(),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(DELIVERIES_PAGE_MAX, 'validation.max').default(30),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;

export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema), nextCursor: z.string().nullable() });
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;
export const deliveryResponseSchema = z.object({ delivery: deliverySchema });

/** A delivery id in a path (bigint ids fit in a safe integer). */
export const deliveryIdParam = z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(Number.MAX_SAFE_INTEGER, 'validation.max');
