// An issue's or a project's history (issue 11 onwards): one typed row per action the server writes.
import { z } from 'zod';
import { userRefSchema } from './common.ts';
import { PROJECT_ROLES } from './projects.ts';
import { PRIORITIES, RELATION_TYPES } from './values/issues.ts';

const activityBase = z.object({
  id: z.number().int(),
  actor: userRefSchema.nullable(),
  createdAt: z.string(),
  /** Null once the issue is gone (`issue.deleted` rows). */
  issue: z.object({ id: z.number().int(), key: z.string(), title: z.string() }).nullable(),
});
const entry = <A extends string, F extends z.ZodType, O extends z.ZodType, N extends z.ZodType>(action: A, field: F, oldValue: O, newValue: N) =>
  activityBase.extend({ action: z.literal(action), field, oldValue, newValue });
/** An `updated` row: one field of the issue, old → new as the API names and types it. */
const change = <F extends string, V extends z.ZodType>(field: F, value: V) => entry('updated', z.literal(field), value, value);
const ids = z.array(z.number().int());
const commentRef = z.object({ commentId: z.number().int() });
const relationRef = z.object({ relationId: z.number().int(), type: z.enum(RELATION_TYPES), issueId: z.number().int() });
const fileRef = z.object({ fileName: z.string() });
const timeRef = z.object({ entryId: z.number().int(), minutes: z.number().int(), date: z.string() });

export const issueUpdatedActivitySchema = z.discriminatedUnion('field', [
  change('title', z.string()),
  change('description', z.string()),
  change('statusId', z.number().int()),
  change('priority', z.enum(PRIORITIES)),
  change('assigneeId', z.number().int().nullable()),
  change('labelIds', ids),
  change('streamIds', ids),
  change('startDate', z.string().nullable()),
  change('dueDate', z.string().nullable()),
  change('estimate', z.number().nullable()),
  change('parentId', z.number().int().nullable()),
  /** Also written by the roll-over at a cycle's end, with no actor. */
  change('cycleId', z.number().int().nullable()),
  change('milestoneId', z.number().int().nullable()),
  /** Only the fields that changed, by field id; null = emptied. */
  change('customValues', z.record(z.string(), z.unknown())),
]);

/**
 * One row of an issue's or a project's history, discriminated on `action` (and `field` for
 * `updated`): each action the server writes has its own typed `oldValue`/`newValue`. No catch-all
 * member: the server drops (and logs) a stored row that fits none, so a reader can switch on
 * `action` exhaustively.
 */
export const activitySchema = z.discriminatedUnion('action', [
  entry('created', z.null(), z.null(), z.null()),
  issueUpdatedActivitySchema,
  entry('issue.deleted', z.null(), z.object({ id: z.number().int(), key: z.string(), title: z.string() }), z.null()),
  entry('commented', z.null(), z.null(), commentRef),
  entry('comment.edited', z.null(), z.null(), commentRef),
  entry('comment.deleted', z.null(), commentRef, z.null()),
  entry('mentioned', z.null(), z.null(), z.object({ userId: z.number().int(), commentId: z.number().int() })),
  entry('relation.added', z.null(), z.null(), relationRef),
  entry('relation.removed', z.null(), relationRef, z.null()),
  entry('attachment.added', z.literal('attachments'), z.null(), fileRef),
  entry('attachment.removed', z.literal('attachments'), fileRef, z.null()),
  /** Time logged on the issue (time tracking). */
  entry('time.logged', z.null(), z.null(), timeRef),
  /** Stream feed events, recorded next to the field change that caused them. */
  entry('stream.issue_added', z.null(), z.null(), z.null()),
  entry('stream.issue_removed', z.null(), z.null(), z.null()),
  entry('stream.issue_completed', z.null(), z.null(), z.null()),
  /** The issue is an occurrence of a repeating issue (`key` as it was then; `occursAt` its date). */
  entry('recurrence.created', z.null(), z.null(), z.object({ issueId: z.number().int(), key: z.string(), occursAt: z.string() })),
  /** The issue was created (`updated: false`) or updated by an import from a file (issue 17). */
  entry('imported', z.null(), z.null(), z.object({ format: z.string(), importId: z.number().int(), updated: z.boolean() })),
  /** The project was linked to, or unlinked from, a Telegram group (its title then), by a person or a group admin (issue 26). */
  entry('telegram.linked', z.null(), z.null(), z.object({ chat: z.string() })),
  entry('telegram.unlinked', z.null(), z.object({ chat: z.string() }), z.null()),
  /** Someone joined the project by an invite (the actor), by e-mail, a link or its Telegram deep link (issue 26). */
  entry('member.joined', z.null(), z.null(), z.object({ inviteId: z.number().int(), role: z.enum(PROJECT_ROLES), via: z.enum(['email', 'link', 'telegram']) })),
]);
export type Activity = z.infer<typeof activitySchema>;
export type ActivityAction = Activity['action'];
/** An `updated` row's field (the issue's API field names). */
export type ActivityField = z.infer<typeof issueUpdatedActivitySchema>['field'];
/** What a writer gives: the row without what the read adds, null members left out. */
export type ActivityChange = Activity extends infer A ? (A extends Activity ? OmitNulls<Omit<A, 'id' | 'actor' | 'createdAt' | 'issue'>> : never) : never;
type OmitNulls<T> = { [K in keyof T as null extends T[K] ? K : never]?: T[K] } & { [K in keyof T as null extends T[K] ? never : K]: T[K] };
export const activityResponseSchema = z.object({ activity: z.array(activitySchema) });
/** `GET /api/issues/:id/activity`: oldest first, as many as the timeline asks for. */
export const issueActivityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(500) });

/** `GET /api/activity/watching`: other people's recent changes on the issues I watch, newest first. */
export const watchingActivityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
