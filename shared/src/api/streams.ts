import { z } from 'zod';
import { id, text } from './fields.ts';
import { dateSchema, userRefSchema } from './common.ts';
import { STREAM_STATUSES, STREAM_HEALTH } from './values/streams.ts';

export { STREAM_STATUSES, STREAM_HEALTH };

export type StreamStatus = (typeof STREAM_STATUSES)[number];
export type StreamHealth = (typeof STREAM_HEALTH)[number];

export const createStreamSchema = z
  .object({
    name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    description: text().max(20_000, 'validation.tooLong').default(''),
    status: z.enum(STREAM_STATUSES).default('planned'),
    leadId: id().nullable().default(null),
    memberIds: z.array(id()).max(200).default([]),
    startDate: dateSchema.nullable().default(null),
    targetDate: dateSchema.nullable().default(null),
  })
  .refine((v) => !v.startDate || !v.targetDate || v.startDate <= v.targetDate, { path: ['targetDate'], message: 'validation.dueBeforeStart' });
export type CreateStreamRequest = z.input<typeof createStreamSchema>;

export const updateStreamSchema = z
  .object({
    name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    description: text().max(20_000, 'validation.tooLong'),
    status: z.enum(STREAM_STATUSES),
    leadId: id().nullable(),
    memberIds: z.array(id()).max(200),
    startDate: dateSchema.nullable(),
    targetDate: dateSchema.nullable(),
  })
  .partial()
  .strict();

export const streamProgressSchema = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  /** Sums of estimates (issues without one count as 1), for the weighted view. */
  totalWeight: z.number(),
  completedWeight: z.number(),
});

export const streamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(STREAM_STATUSES),
  lead: userRefSchema.nullable(),
  members: z.array(userRefSchema),
  startDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  progress: streamProgressSchema,
  /** Health of the latest update, null before the first one. */
  health: z.enum(STREAM_HEALTH).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  can: z.array(z.string()),
});
export type Stream = z.infer<typeof streamSchema>;
export const streamsResponseSchema = z.object({ streams: z.array(streamSchema) });
export const streamResponseSchema = z.object({ stream: streamSchema });

export const createStreamUpdateSchema = z.object({
  body: text().trim().min(1, 'validation.required').max(20_000, 'validation.tooLong'),
  health: z.enum(STREAM_HEALTH),
});

export const updateStreamUpdateSchema = createStreamUpdateSchema.partial().strict();

/** A member's post (its body also rendered as sanitised HTML). */
export const streamUpdateItemSchema = z.object({
  kind: z.literal('update'),
  id: z.number().int(),
  author: userRefSchema.nullable(),
  body: z.string(),
  bodyHtml: z.string(),
  health: z.enum(STREAM_HEALTH),
  createdAt: z.string(),
});
export const streamUpdateResponseSchema = z.object({ update: streamUpdateItemSchema });

export const streamFeedQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** The feed interleaves members' posts with automatic events. */
export const streamFeedItemSchema = z.discriminatedUnion('kind', [
  streamUpdateItemSchema,
  z.object({
    kind: z.literal('event'),
    id: z.number().int(),
    event: z.enum(['issue_added', 'issue_removed', 'issue_completed', 'issue_overdue']),
    issue: z.object({ id: z.number().int(), key: z.string(), title: z.string() }),
    actor: userRefSchema.nullable(),
    createdAt: z.string(),
  }),
]);
export type StreamFeedItem = z.infer<typeof streamFeedItemSchema>;
export const streamFeedResponseSchema = z.object({ items: z.array(streamFeedItemSchema) });
