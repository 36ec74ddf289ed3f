// The timeline's server query (issue 29): the "blocks" relations among the issues a range shows.
// The issues themselves come from the client store (and the calendar's range query for closed ones
// older than the store keeps): relations are not in the store.
import { z } from 'zod';
import { dateSchema } from './common.ts';
import { idParam } from './fields.ts';
import { TIMELINE_MAX_DAYS, TIMELINE_RELATIONS_LIMIT } from './values/timeline.ts';

export { TIMELINE_MAX_DAYS, TIMELINE_RELATIONS_LIMIT };

export const timelineQuerySchema = z
  .object({ from: dateSchema, to: dateSchema, project: idParam().optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'validation.dueBeforeStart' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= TIMELINE_MAX_DAYS, { path: ['to'], message: 'validation.rangeTooLong' });

/** `blockerId` blocks `blockedId`: the blocked issue should start after the blocker ends. */
export const blockRelationSchema = z.object({ id: z.number().int(), blockerId: z.number().int(), blockedId: z.number().int() });
export type BlockRelation = z.infer<typeof blockRelationSchema>;

/**
 * Each pair of issues the viewer sees both of, one of them dated within [from, to] (and in
 * `project`, when given), oldest relation first, at most TIMELINE_RELATIONS_LIMIT.
 */
export const timelineResponseSchema = z.object({ relations: z.array(blockRelationSchema) });
