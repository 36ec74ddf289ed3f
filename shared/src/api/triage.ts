import { z } from 'zod';
import { dateTime, id, text } from './fields.ts';
import { issueListItemSchema, issueRefSchema, PRIORITIES } from './issues.ts';

/**
 * Triage (issue 26): issues nobody has looked at yet — those captured from a team's chat land there —
 * in a project's one status of category `triage`. Each is accepted (to the first unstarted status),
 * closed as a duplicate, declined with a reason (posted under the message it was captured from), or
 * snoozed out of the list until a time.
 */
export const TRIAGE_ACTIONS = ['accept', 'duplicate', 'decline', 'snooze'] as const;
export type TriageAction = (typeof TRIAGE_ACTIONS)[number];
export const TRIAGE_REASON_MAX = 500;
/** A snooze ends within this many days. */
export const TRIAGE_SNOOZE_DAYS_MAX = 365;

export const triageActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('accept'), assigneeId: id().nullable().optional(), priority: z.enum(PRIORITIES, 'validation.invalid').optional() }),
    z.strictObject({ action: z.literal('duplicate'), duplicateOf: issueRefSchema }),
    z.strictObject({ action: z.literal('decline'), reason: text().trim().max(TRIAGE_REASON_MAX, 'validation.tooLong').optional() }),
    z.strictObject({ action: z.literal('snooze'), until: dateTime() }),
  ],
  'validation.invalid',
);
export type TriageActionInput = z.input<typeof triageActionSchema>;

/** Where a captured issue came from: the message's link and its author's name. */
export const triageSourceSchema = z.object({ url: z.string(), author: z.string() });
export type TriageSource = z.infer<typeof triageSourceSchema>;

export const triageItemSchema = z.object({ issue: issueListItemSchema, source: triageSourceSchema.nullable(), snoozedUntil: z.string().nullable() });
export type TriageItem = z.infer<typeof triageItemSchema>;

/** `GET /api/projects/:id/triage`: whether the project has Triage, and its issues there, oldest first (snoozed ones last). */
export const triageListResponseSchema = z.object({ enabled: z.boolean(), issues: z.array(triageItemSchema) });
export type TriageListResponse = z.infer<typeof triageListResponseSchema>;

/** `GET /api/triage`: the inbox's Triage — what waits in every project where I am a member or owner. */
export const triageInboxResponseSchema = z.object({ issues: z.array(triageItemSchema) });
export type TriageInboxResponse = z.infer<typeof triageInboxResponseSchema>;

export const triageResultSchema = z.object({ issue: issueListItemSchema });
