import { z } from 'zod';
import { id, idParam, text } from './fields.ts';
import { colorSchema, userRefSchema } from './common.ts';
import { PROJECT_ROLES, STATUS_CATEGORIES, PROJECT_VISIBILITY } from './values/projects.ts';

export { PROJECT_ROLES, STATUS_CATEGORIES, PROJECT_VISIBILITY };

export type ProjectRole = (typeof PROJECT_ROLES)[number];
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

export const projectKeySchema = text().trim().regex(/^[A-Z]{2,10}$/, 'validation.projectKey');
/** A project in a path: its id or its key, any case (`/api/projects/web`). */
export const projectRefSchema = z.union([idParam(), text().trim().toUpperCase().regex(/^[A-Z]{2,10}$/, 'validation.projectKey')]);

export const createProjectSchema = z.object({
  key: projectKeySchema,
  name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  description: text().max(20_000, 'validation.tooLong').default(''),
  color: colorSchema.default('#3b82f6'),
  icon: text().max(32).nullable().default(null),
  leadId: id().nullable().default(null),
  visibility: z.enum(PROJECT_VISIBILITY).default('members'),
});
export type CreateProjectRequest = z.input<typeof createProjectSchema>;

// The key is fixed once issues carry it (WEB-123 links must keep working).
export const updateProjectSchema = createProjectSchema.omit({ key: true }).partial().strict();
export type UpdateProjectRequest = z.input<typeof updateProjectSchema>;

export const statusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(STATUS_CATEGORIES),
  color: z.string(),
  position: z.number().int(),
  /** Waiting on someone else: SLA clocks stand still while an issue is in it (docs/sla.md). */
  waiting: z.boolean(),
});
export type Status = z.infer<typeof statusSchema>;

const statusFields = {
  name: text().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  category: z.enum(STATUS_CATEGORIES),
  color: colorSchema,
  waiting: z.boolean('validation.invalid'),
};
export const createStatusSchema = z.object({ ...statusFields, color: statusFields.color.default('#94a3b8'), waiting: statusFields.waiting.default(false) });
// Without the defaults: a rename must leave the colour and the waiting mark as they are.
export const updateStatusSchema = z.object(statusFields).partial().strict();
export const reorderStatusesSchema = z.object({ ids: z.array(id()).min(1).max(1000) });
/** Deleting a status moves its issues to another status of the same project. */
export const deleteStatusSchema = z.object({ moveTo: idParam() });

export const labelSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Label = z.infer<typeof labelSchema>;
export const createLabelSchema = z.object({
  name: text().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  color: colorSchema.default('#64748b'),
});
export const updateLabelSchema = createLabelSchema.partial().strict();

export const memberSchema = z.object({ user: userRefSchema, role: z.enum(PROJECT_ROLES) });
export type Member = z.infer<typeof memberSchema>;
export const setMemberSchema = z.object({ role: z.enum(PROJECT_ROLES) });

export const projectSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  lead: userRefSchema.nullable(),
  visibility: z.enum(PROJECT_VISIBILITY),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's role; `viewer` for a non-member of a project visible to all; null for an admin who is not a member. */
  myRole: z.enum(PROJECT_ROLES).nullable(),
  issueCount: z.number().int(),
  openIssueCount: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

export const statusResponseSchema = z.object({ status: statusSchema });
export const statusesResponseSchema = z.object({ statuses: z.array(statusSchema) });
export const labelResponseSchema = z.object({ label: labelSchema });
export const membersResponseSchema = z.object({ members: z.array(memberSchema) });
/** `GET /api/projects/:id/activity`: newest first. */
export const projectActivityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(30) });
export const projectsQuerySchema = z.object({ archived: z.enum(['0', '1', 'all']).default('0') });
export const projectsResponseSchema = z.object({ projects: z.array(projectSchema) });

export const projectDetailResponseSchema = z.object({
  project: projectSchema,
  /** Sanitised HTML of the Markdown description. */
  descriptionHtml: z.string(),
  members: z.array(memberSchema),
  statuses: z.array(statusSchema),
  labels: z.array(labelSchema),
  /** Issue counts per status id. */
  progress: z.array(z.object({ statusId: z.number().int(), count: z.number().int() })),
});
export type ProjectDetailResponse = z.infer<typeof projectDetailResponseSchema>;

/**
 * A new project's first steps (issue 26), each true once done: someone else invited, the viewer's
 * Telegram connected, a Telegram group (or topic) linked, an issue created.
 */
export const projectChecklistResponseSchema = z.object({ invite: z.boolean(), telegram: z.boolean(), group: z.boolean(), issue: z.boolean() });
export type ProjectChecklist = z.infer<typeof projectChecklistResponseSchema>;

/** `POST /api/projects/demo`: the caller's demo project; `created` is false when it already existed. */
export const demoProjectResponseSchema = projectDetailResponseSchema.extend({ created: z.boolean() });
export type DemoProjectResponse = z.infer<typeof demoProjectResponseSchema>;
