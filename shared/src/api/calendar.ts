import { z } from 'zod';
import { id, idParam } from './fields.ts';
import { dateSchema } from './common.ts';
import { issueListItemSchema } from './issues.ts';

export const calendarQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    mine: z.enum(['0', '1']).default('0'),
    project: idParam().optional(),
    stream: idParam().optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'validation.dueBeforeStart' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 400, { path: ['to'], message: 'validation.rangeTooLong' });
export const calendarResponseSchema = z.object({ issues: z.array(issueListItemSchema) });

export const FEED_SCOPES = ['user', 'project', 'stream'] as const;
export const createFeedSchema = z
  .object({ scope: z.enum(FEED_SCOPES), scopeId: id().nullable().default(null) })
  .refine((f) => (f.scope === 'user') === (f.scopeId === null), { path: ['scopeId'], message: 'validation.invalid' });
export const feedSchema = z.object({
  id: z.number().int(),
  scope: z.enum(FEED_SCOPES),
  scopeId: z.number().int().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
/** The secret URL is shown once, when the feed is made. */
export const createFeedResponseSchema = z.object({ feed: feedSchema, url: z.string() });
export const feedsResponseSchema = z.object({ feeds: z.array(feedSchema) });
