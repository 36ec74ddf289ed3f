// Comments on an issue: as lists and the issue page show them, and what a new one may carry.
import { z } from 'zod';
import { text } from './fields.ts';
import { userRefSchema } from './common.ts';

export const commentSchema = z.object({
  id: z.number().int(),
  issueId: z.number().int(),
  author: userRefSchema.nullable(),
  body: z.string(),
  bodyHtml: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  mentions: z.array(z.number().int()),
});
export type Comment = z.infer<typeof commentSchema>;
export const createCommentSchema = z.object({ body: text().trim().min(1, 'validation.required').max(50_000, 'validation.tooLong') });
export const commentResponseSchema = z.object({ comment: commentSchema });
export const commentsResponseSchema = z.object({ comments: z.array(commentSchema) });
