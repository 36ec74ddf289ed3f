// The sync protocol (issue 14): a bootstrap of what the caller may see, then the changes after its
// sync id, each an entity's current state (or null: gone, or no longer visible to the caller).
import { z } from 'zod';
import { int32Param } from './fields.ts';
import { customFieldSchema } from './custom-fields.ts';
import { commentSchema, issueListItemSchema, savedViewSchema } from './issues.ts';
import { labelSchema, PROJECT_ROLES, projectSchema, statusSchema } from './projects.ts';
import { userRefSchema } from './common.ts';
import { STREAM_STATUSES } from './streams.ts';
import { cycleSchema } from './cycles.ts';
import { milestoneSchema } from './milestones.ts';
import { SYNC_CHANGES_MAX } from './values/sync.ts';

export { SYNC_CHANGES_MAX };

/** A sync id in a query: a position in the change log, 0 before the first change. */
const syncIdParam = () => z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.min').max(Number.MAX_SAFE_INTEGER, 'validation.max');

/** Issues in a bootstrap: open ones, and closed ones changed within this many days. Older ones load on demand. */
export const SYNC_ISSUE_DAYS = 90;
/** Issues per bootstrap page. */
export const SYNC_ISSUE_PAGE = 1000;

/** A project as the store keeps it: the lead by id, no counts (the store counts its own issues). */
export const syncProjectSchema = projectSchema.omit({ lead: true, issueCount: true, openIssueCount: true }).extend({ leadId: z.number().int().nullable() });
export type SyncProject = z.infer<typeof syncProjectSchema>;
export const syncStatusSchema = statusSchema.extend({ projectId: z.number().int() });
export type SyncStatus = z.infer<typeof syncStatusSchema>;
export const syncLabelSchema = labelSchema.extend({ projectId: z.number().int() });
export type SyncLabel = z.infer<typeof syncLabelSchema>;
/** A stream as the store keeps it: what pickers and the issue page show (every user sees every stream). */
export const syncStreamSchema = z.object({ id: z.number().int(), name: z.string(), status: z.enum(STREAM_STATUSES) });
export type SyncStream = z.infer<typeof syncStreamSchema>;
export const syncMemberSchema = z.object({ projectId: z.number().int(), userId: z.number().int(), role: z.enum(PROJECT_ROLES) });
export type SyncMember = z.infer<typeof syncMemberSchema>;

/** One entry of the change feed; `data: null` means gone (deleted, or no longer visible to the caller). */
export const syncChangeSchema = z.discriminatedUnion('entity', [
  /** A project the store does not hold yet (just joined, just opened to all): its contents come from `bootstrap?project=`. */
  z.object({ entity: z.literal('project'), id: z.number().int(), data: syncProjectSchema.nullable() }),
  z.object({ entity: z.literal('status'), id: z.number().int(), data: syncStatusSchema.nullable() }),
  z.object({ entity: z.literal('label'), id: z.number().int(), data: syncLabelSchema.nullable() }),
  /** A member is keyed by project and user. */
  z.object({ entity: z.literal('member'), id: z.number().int(), projectId: z.number().int(), data: syncMemberSchema.nullable() }),
  z.object({ entity: z.literal('user'), id: z.number().int(), data: userRefSchema.nullable() }),
  z.object({ entity: z.literal('issue'), id: z.number().int(), data: issueListItemSchema.nullable() }),
  z.object({ entity: z.literal('comment'), id: z.number().int(), issueId: z.number().int().nullable(), data: commentSchema.nullable() }),
  /** Archived or no longer applying to a project the caller sees: null. */
  z.object({ entity: z.literal('custom_field'), id: z.number().int(), data: customFieldSchema.nullable() }),
  z.object({ entity: z.literal('view'), id: z.number().int(), data: savedViewSchema.nullable() }),
  z.object({ entity: z.literal('stream'), id: z.number().int(), data: syncStreamSchema.nullable() }),
  z.object({ entity: z.literal('cycle'), id: z.number().int(), data: cycleSchema.nullable() }),
  z.object({ entity: z.literal('milestone'), id: z.number().int(), data: milestoneSchema.nullable() }),
]);
export type SyncChange = z.infer<typeof syncChangeSchema>;

export const syncBootstrapQuerySchema = z.object({
  /** Only this project (after gaining access to it). */
  project: int32Param(1).optional(),
});

export const syncBootstrapResponseSchema = z.object({
  /** The log position this snapshot is consistent with: ask for changes after it. */
  syncId: z.number().int(),
  projects: z.array(syncProjectSchema),
  statuses: z.array(syncStatusSchema),
  labels: z.array(syncLabelSchema),
  members: z.array(syncMemberSchema),
  users: z.array(userRefSchema),
  /** Active custom-field definitions applying to a project the caller sees. */
  customFields: z.array(customFieldSchema),
  /** The caller's saved views and those shared with projects they see. */
  views: z.array(savedViewSchema),
  /** Every stream (all in a whole bootstrap; none in one project's). */
  streams: z.array(syncStreamSchema),
  /** The cycles and milestones of the projects (issue 29). */
  cycles: z.array(cycleSchema),
  milestones: z.array(milestoneSchema),
  /** The first page of the bounded issues (newest first); the rest from `/api/sync/issues?before=`. */
  issues: z.array(issueListItemSchema),
  /** The next page's `before` (issue ids below it), null when this was the last. */
  nextBefore: z.number().int().nullable(),
});
export type SyncBootstrapResponse = z.infer<typeof syncBootstrapResponseSchema>;

/** A further page of a bootstrap's issues: those with ids below `before`. */
export const syncIssuesQuerySchema = z.object({
  before: int32Param(1),
  project: int32Param(1).optional(),
});
export const syncIssuesResponseSchema = z.object({ issues: z.array(issueListItemSchema), nextBefore: z.number().int().nullable() });

export const syncChangesQuerySchema = z.object({
  since: syncIdParam(),
  limit: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.min').max(SYNC_CHANGES_MAX, 'validation.max').default(500),
});
/** The stream's start: `since` in the query, or the EventSource's `Last-Event-ID` when it reconnects. */
export const syncStreamQuerySchema = z.object({ since: syncIdParam() });

export const syncChangesResponseSchema = z.object({
  changes: z.array(syncChangeSchema),
  /** The position to ask from next time. */
  syncId: z.number().int(),
  /** More changes wait after `syncId`: ask again at once. */
  more: z.boolean(),
});
export type SyncChangesResponse = z.infer<typeof syncChangesResponseSchema>;
