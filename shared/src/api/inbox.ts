import { z } from 'zod';
import { dateTime, INT4_MAX, text } from './fields.ts';
import { STATUS_CATEGORIES } from './projects.ts';

/**
 * The inbox (issue 15, item 6): what happened that concerns me, from the same events as the bot's
 * notifications. Snoozed items are left out until their time passes; archived ones are only listed
 * under `archived`.
 */
/** `slaResponse` and `slaResolution`: an SLA deadline of the issue was missed (docs/sla.md). */
export const INBOX_KINDS = ['assigned', 'mentioned', 'commented', 'statusChanged', 'dueTomorrow', 'slaResponse', 'slaResolution'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_FILTERS = ['unread', 'all', 'archived'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const INBOX_PAGE_MAX = 100;

/** `GET /api/inbox`: `cursor` is the `nextCursor` of the page before. */
export const inboxQuerySchema = z.object({
  cursor: text()
    .regex(/^[1-9]\d{0,9}$/, 'validation.invalid')
    .refine((s) => Number(s) <= INT4_MAX, 'validation.max')
    .optional(),
  filter: z.enum(INBOX_FILTERS, 'validation.invalid').default('unread'),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(INBOX_PAGE_MAX, 'validation.max').default(30),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** What an item says beyond its kind: status names of a change, a comment's opening, the due date. */
export const inboxDataSchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  commentId: z.number().int().optional(),
  excerpt: z.string().optional(),
  dueDate: z.string().optional(),
});
export type InboxData = z.infer<typeof inboxDataSchema>;

export const inboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(INBOX_KINDS),
  data: inboxDataSchema,
  createdAt: z.string(),
  readAt: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  archivedAt: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  issue: z.object({
    id: z.number().int(),
    key: z.string(),
    title: z.string(),
    projectKey: z.string(),
    status: z.object({ name: z.string(), color: z.string(), category: z.enum(STATUS_CATEGORIES) }),
  }),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxUnreadResponseSchema = z.object({ unread: z.number().int().min(0) });
export type InboxUnreadResponse = z.infer<typeof inboxUnreadResponseSchema>;

export const inboxResponseSchema = z.object({
  items: z.array(inboxItemSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().min(0),
});
export type InboxResponse = z.infer<typeof inboxResponseSchema>;

/** `PATCH /api/inbox/:id`: any of the three; `snoozedUntil: null` wakes an item at once. */
export const updateInboxItemSchema = z
  .strictObject({
    read: z.boolean('validation.invalid').optional(),
    archived: z.boolean('validation.invalid').optional(),
    snoozedUntil: dateTime().nullable().optional(),
  })
  .refine((b) => b.read !== undefined || b.archived !== undefined || b.snoozedUntil !== undefined, 'validation.required');
export type UpdateInboxItem = z.infer<typeof updateInboxItemSchema>;

export const inboxItemResponseSchema = z.object({ item: inboxItemSchema, unread: z.number().int().min(0) });
export type InboxItemResponse = z.infer<typeof inboxItemResponseSchema>;
