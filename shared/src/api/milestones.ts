import { z } from 'zod';
import { text } from './fields.ts';
import { dateSchema } from './common.ts';

/** A milestone of a project: a named target date that issues work towards (at most one per issue). */
export const milestoneSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  targetDate: z.string(),
  description: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** A milestone with its progress: its issues, and how many of them are completed. */
export const milestoneProgressSchema = milestoneSchema.extend({ total: z.number().int(), completed: z.number().int() });
export type MilestoneProgress = z.infer<typeof milestoneProgressSchema>;

const name = text().trim().min(1, 'validation.required').max(200, 'validation.tooLong');
const description = text().max(10_000, 'validation.tooLong');
export const createMilestoneSchema = z.object({ name, targetDate: dateSchema, description: description.default('') }).strict();
export const updateMilestoneSchema = z
  .object({ name, targetDate: dateSchema, description })
  .partial()
  .strict()
  .refine((m) => Object.keys(m).length > 0, 'validation.required');
export type CreateMilestoneRequest = z.input<typeof createMilestoneSchema>;
export type UpdateMilestoneRequest = z.input<typeof updateMilestoneSchema>;

export const milestonesResponseSchema = z.object({ milestones: z.array(milestoneProgressSchema) });
export const milestoneResponseSchema = z.object({ milestone: milestoneProgressSchema });
