import { z } from 'zod';
import { dateTime, id, idListParam, idParam, INT4_MAX, jsonValue, text } from './fields.ts';
import { dateSchema, userRefSchema } from './common.ts';
import { labelSchema, statusSchema, STATUS_CATEGORIES } from './projects.ts';
import { commentSchema } from './comments.ts';
import { activitySchema } from './activity.ts';
import { recurrenceInputSchema, recurrenceSchema } from './recurrence.ts';
import { issueSlaSchema, SLA_FILTERS } from './sla.ts';
import { PRIORITIES, PRIORITY_VALUE, RELATION_TYPES, ISSUE_SORTS } from './values/issues.ts';

export { PRIORITIES, PRIORITY_VALUE, RELATION_TYPES, ISSUE_SORTS };

// Comments, search and saved views have files of their own; issue modules import them from here too.
export * from './comments.ts';
export * from './views.ts';
export * from './recurrence.ts';
export * from './activity.ts';

export type { Priority } from './values/issues.ts';

export type RelationType = (typeof RELATION_TYPES)[number];

/** `WEB-123`: a project key and the issue's number in it. */
export const ISSUE_KEY_PATTERN = /^([A-Z]{2,10})-(\d{1,9})$/;
/** An issue reference in a path: a numeric id or a key. */
export const issueRefSchema = z.union([idParam(), text().regex(ISSUE_KEY_PATTERN)]);

/** Custom field values keyed by field id (as a string), typed per field on the server. */
export const customValuesSchema = z.record(text().regex(/^\d{1,10}$/), jsonValue());

const title = text().trim().min(1, 'validation.required').max(300, 'validation.tooLong');
const description = text().max(100_000, 'validation.tooLong');
const estimate = z.number().min(0, 'validation.min').max(100_000, 'validation.max').nullable();

export const createIssueSchema = z
  .object({
    projectId: id(),
    title,
    description: description.default(''),
    statusId: id().optional(),
    priority: z.enum(PRIORITIES).default('none'),
    assigneeId: id().nullable().default(null),
    labelIds: z.array(id()).max(50).default([]),
    streamIds: z.array(id()).max(50).default([]),
    startDate: dateSchema.nullable().default(null),
    dueDate: dateSchema.nullable().default(null),
    estimate: estimate.default(null),
    parentId: id().nullable().default(null),
    cycleId: id().nullable().default(null),
    milestoneId: id().nullable().default(null),
    customValues: customValuesSchema.default({}),
  })
  .refine((v) => !v.startDate || !v.dueDate || v.startDate <= v.dueDate, { path: ['dueDate'], message: 'validation.dueBeforeStart' });
export type CreateIssueRequest = z.input<typeof createIssueSchema>;

export const updateIssueSchema = z
  .object({
    title,
    description,
    statusId: id(),
    priority: z.enum(PRIORITIES),
    assigneeId: id().nullable(),
    labelIds: z.array(id()).max(50),
    streamIds: z.array(id()).max(50),
    startDate: dateSchema.nullable(),
    dueDate: dateSchema.nullable(),
    estimate,
    parentId: id().nullable(),
    /** A current or upcoming cycle of the issue's project (issue 29). */
    cycleId: id().nullable(),
    /** A milestone of the issue's project (issue 29). */
    milestoneId: id().nullable(),
    customValues: customValuesSchema,
    /**
     * The issue `version` the edit started from (or send `If-Match: "<version>"`): the PATCH is
     * refused with 409 edit_conflict when a field it changes was changed since.
     */
    baseVersion: z.number().int().min(1).max(2_147_483_647),
    /**
     * When the edit was made (an offline edit sent later): each field is applied with
     * last-writer-wins, a field changed after this time keeps its value, and the answer's
     * `Overridden-Fields` header names those. Not with `baseVersion`.
     */
    editedAt: dateTime(),
    /** Makes the issue repeat (see recurrence.ts); null stops it. */
    recurrence: recurrenceInputSchema.nullable(),
  })
  .partial()
  .strict()
  .refine((b) => b.editedAt === undefined || b.baseVersion === undefined, { message: 'validation.invalid', path: ['editedAt'] });
export type UpdateIssueRequest = z.input<typeof updateIssueSchema>;

/** Board drag: a new status and a place between two neighbours (either may be absent). */
export const moveIssueSchema = z.object({
  statusId: id(),
  beforeId: id().nullable().default(null),
  afterId: id().nullable().default(null),
});

export const bulkUpdateResponseSchema = z.object({ updated: z.array(z.number().int()) });
export const bulkUpdateSchema = z.object({
  ids: z.array(id()).min(1).max(500),
  patch: z
    .object({
      statusId: id(),
      assigneeId: id().nullable(),
      priority: z.enum(PRIORITIES),
      cycleId: id().nullable(),
      milestoneId: id().nullable(),
      addLabelIds: z.array(id()),
      removeLabelIds: z.array(id()),
      addStreamIds: z.array(id()),
      removeStreamIds: z.array(id()),
    })
    .partial()
    .strict()
    .refine((p) => Object.keys(p).length > 0, 'validation.required'),
});

/**
 * The issue list query (also what a saved view stores). Custom field filters: `cf.<id>=<value>`
 * (option id for selects, `true|false` for checkboxes, exact value otherwise); sort `cf.<id>` too.
 */
export const issueListQuerySchema = z
  .object({
    project: z.union([idParam(), text().regex(/^[A-Z]{2,10}$/)]).optional(),
    status: idListParam().optional(),
    category: text().refine((s) => s.split(',').every((c) => (STATUS_CATEGORIES as readonly string[]).includes(c)), 'validation.invalid').optional(),
    assignee: text()
      .regex(/^(me|none|\d{1,10})(,(me|none|\d{1,10}))*$/, 'validation.invalid')
      .refine((s) => s.split(',').every((a) => !/^\d/.test(a) || (Number(a) >= 1 && Number(a) <= INT4_MAX)), 'validation.max')
      .optional(),
    label: idListParam().optional(),
    priority: text().refine((s) => s.split(',').every((p) => (PRIORITIES as readonly string[]).includes(p)), 'validation.invalid').optional(),
    stream: idParam().optional(),
    parent: idParam().optional(),
    /** A cycle's id, or `none`. */
    cycle: z.union([idParam(), z.literal('none')]).optional(),
    /** A milestone's id, or `none`. */
    milestone: z.union([idParam(), z.literal('none')]).optional(),
    dueFrom: dateSchema.optional(),
    dueTo: dateSchema.optional(),
    /** SLAs (docs/sla.md): `at-risk` = open, a deadline within 24 h or missed; `breached` = a deadline missed. */
    sla: z.enum(SLA_FILTERS, 'validation.invalid').optional(),
    q: text().trim().max(200).optional(),
    sort: z.union([z.enum(ISSUE_SORTS), text().regex(/^cf\.\d{1,10}$/)]).default('updated'),
    order: z.enum(['asc', 'desc']).default('desc'),
    cursor: text().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .catchall(text().max(200));
export type IssueListQuery = z.input<typeof issueListQuerySchema>;

export const issueListItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  projectId: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  statusId: z.number().int(),
  priority: z.enum(PRIORITIES),
  assignee: userRefSchema.nullable(),
  labelIds: z.array(z.number().int()),
  streamIds: z.array(z.number().int()),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimate: z.number().nullable(),
  parentId: z.number().int().nullable(),
  cycleId: z.number().int().nullable(),
  milestoneId: z.number().int().nullable(),
  sortOrder: z.number(),
  customValues: z.record(z.string(), z.unknown()),
  commentCount: z.number().int(),
  /** Minutes logged on the issue (time tracking); 0 when none. */
  spentMinutes: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Set when the issue repeats (it is the head of its series). */
  recurrence: recurrenceSchema.nullable(),
  /** Its SLA deadlines (docs/sla.md); null when its project has no SLA or its priority no target. */
  sla: issueSlaSchema.nullable(),
});
export type IssueListItem = z.infer<typeof issueListItemSchema>;

export const issueListResponseSchema = z.object({ issues: z.array(issueListItemSchema), nextCursor: z.string().nullable() });

export type IssueListResponse = z.infer<typeof issueListResponseSchema>;

export const relationSchema = z.object({
  id: z.number().int(),
  type: z.enum(RELATION_TYPES),
  issue: z.object({ id: z.number().int(), key: z.string(), title: z.string(), statusId: z.number().int() }),
});
export const createRelationSchema = z.object({ type: z.enum(RELATION_TYPES), issue: issueRefSchema });

export const attachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  url: z.string(),
  uploader: userRefSchema.nullable(),
  createdAt: z.string(),
});

export const issueDetailSchema = issueListItemSchema.extend({
  /** Grows on every change; the base of an edit (`baseVersion`, or the ETag as `If-Match`). */
  version: z.number().int(),
  description: z.string(),
  /** Sanitised HTML of the Markdown description. */
  descriptionHtml: z.string(),
  reporter: userRefSchema.nullable(),
  project: z.object({ id: z.number().int(), key: z.string(), name: z.string(), color: z.string() }),
  status: statusSchema,
  labels: z.array(labelSchema),
  streams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  parent: z.object({ id: z.number().int(), key: z.string(), title: z.string() }).nullable(),
  children: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string(), statusId: z.number().int(), completed: z.boolean() })),
  relations: z.array(relationSchema),
  watchers: z.array(userRefSchema),
  attachments: z.array(attachmentSchema),
  watching: z.boolean(),
  /** What the caller may do: `issue.edit`, `issue.delete`, `comment.create`. */
  can: z.array(z.string()),
});
export type IssueDetail = z.infer<typeof issueDetailSchema>;
export const issueResponseSchema = z.object({ issue: issueDetailSchema });
/** `data` of a 409 edit_conflict: the fields changed since the base version, and the issue now. */
export const editConflictDataSchema = z.object({ code: z.literal('edit_conflict'), fields: z.array(z.string()), version: z.number().int(), issue: issueDetailSchema });
export type EditConflictData = z.infer<typeof editConflictDataSchema>;

/** An issue page in one call: the issue, its comments and its activity (oldest first, as the timeline reads). */
export const issuePageResponseSchema = z.object({ issue: issueDetailSchema, comments: z.array(commentSchema), activity: z.array(activitySchema) });
export type IssuePageResponse = z.infer<typeof issuePageResponseSchema>;
/** Activity entries an issue page carries at most; older ones come from `/api/issues/:id/activity?limit=`. */
export const ISSUE_PAGE_ACTIVITY = 500;

