import { z } from 'zod';
import { id, text } from './fields.ts';
import { customValuesSchema, PRIORITIES, updateIssueSchema } from './issues.ts';

/**
 * A template name is what follows `/` in quick add and the bot, so it is one word: letters of any
 * alphabet (Russian included), digits, `-` and `_`, up to 40. Unique per project, case-insensitively.
 */
export const TEMPLATE_NAME_PATTERN = /^[\p{L}\p{N}_-]{1,40}$/u;
export const TEMPLATE_NAME_MAX = 40;
export const TEMPLATE_CHECKLIST_MAX = 30;
/** Placeholders a title pattern may hold; see shared/src/templates/render.ts. */
export const TITLE_PLACEHOLDERS = ['title', 'date', 'week', 'month', 'year'] as const;

const name = text().trim().min(1, 'validation.required').max(TEMPLATE_NAME_MAX, 'validation.tooLong').regex(TEMPLATE_NAME_PATTERN, 'validation.templateName');
const titlePattern = text().trim().max(300, 'validation.tooLong');
const checklistItem = text().trim().min(1, 'validation.required').max(300, 'validation.tooLong');
const estimate = z.number().min(0, 'validation.min').max(100_000, 'validation.max').nullable();

const templateFields = {
  name,
  titlePattern: titlePattern.default('{title}'),
  description: text().max(100_000, 'validation.tooLong').default(''),
  labelIds: z.array(id()).max(50).default([]),
  priority: z.enum(PRIORITIES).default('none'),
  assigneeId: id().nullable().default(null),
  estimate: estimate.default(null),
  /** Days from the day of use to the due date (0 = that day); null leaves the due date empty. */
  dueInDays: z.number().int().min(0, 'validation.min').max(3650, 'validation.max').nullable().default(null),
  customValues: customValuesSchema.default({}),
  checklist: z.array(checklistItem).max(TEMPLATE_CHECKLIST_MAX, 'validation.tooMany').default([]),
};

export const createTemplateSchema = z.object(templateFields).strict();
export type CreateTemplateRequest = z.input<typeof createTemplateSchema>;

export const updateTemplateSchema = z
  .object({
    name,
    titlePattern,
    description: templateFields.description.unwrap(),
    labelIds: templateFields.labelIds.unwrap(),
    priority: z.enum(PRIORITIES),
    assigneeId: id().nullable(),
    estimate,
    dueInDays: templateFields.dueInDays.unwrap(),
    customValues: customValuesSchema,
    checklist: templateFields.checklist.unwrap(),
    position: z.number().int().min(0).max(100_000),
  })
  .partial()
  .strict();
export type UpdateTemplateRequest = z.input<typeof updateTemplateSchema>;

export const issueTemplateSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  titlePattern: z.string(),
  description: z.string(),
  labelIds: z.array(z.number().int()),
  priority: z.enum(PRIORITIES),
  assigneeId: z.number().int().nullable(),
  estimate: z.number().nullable(),
  dueInDays: z.number().int().nullable(),
  customValues: z.record(z.string(), z.unknown()),
  checklist: z.array(z.string()),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IssueTemplate = z.infer<typeof issueTemplateSchema>;

export const templatesResponseSchema = z.object({ templates: z.array(issueTemplateSchema) });
export const templateResponseSchema = z.object({ template: issueTemplateSchema });

/**
 * Using a template: `text` fills `{title}` in the pattern; any issue field given here wins over the
 * template's (the create dialog sends the whole form, `title` included, as the person edited it).
 * The checklist always comes from the stored template.
 */
export const applyTemplateSchema = z
  .object(updateIssueSchema.shape)
  .omit({ baseVersion: true, editedAt: true })
  .extend({ text: text().trim().max(300, 'validation.tooLong').default('') })
  .strict();
export type ApplyTemplateRequest = z.input<typeof applyTemplateSchema>;
export const applyTemplateResponseSchema = z.object({
  issue: z.object({ id: z.number().int(), key: z.string() }),
  subIssues: z.array(z.object({ id: z.number().int(), key: z.string() })),
});
