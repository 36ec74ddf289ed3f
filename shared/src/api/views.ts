// Search across issues, projects and streams, and saved views (a list's filters under a name).
import { z } from 'zod';
import { id, text } from './fields.ts';
import { userRefSchema } from './common.ts';

import { ISSUE_GROUPS } from './values/issues.ts';

/** How a saved view groups its list: the list's own groups. */
export const VIEW_GROUPS = ISSUE_GROUPS;

export const searchQuerySchema = z.object({ q: text().trim().min(1, 'validation.required').max(200), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const searchResponseSchema = z.object({
  issues: z.array(z.object({ id: z.number().int(), key: z.string(), title: z.string(), statusId: z.number().int(), rank: z.number() })),
  projects: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
  streams: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  projectId: z.number().int().nullable(),
  owner: userRefSchema,
  query: z.record(z.string(), z.string()),
  layout: z.enum(['list', 'board']),
  groupBy: z.enum(VIEW_GROUPS),
});
export type SavedView = z.infer<typeof savedViewSchema>;
export const createSavedViewSchema = z.object({
  name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  /** Set to share the view with a project's members; null keeps it personal. */
  projectId: id().nullable().default(null),
  query: z.record(text().max(100), text().max(200)),
  layout: z.enum(['list', 'board']).default('list'),
  groupBy: z.enum(VIEW_GROUPS).default('none'),
});
export const savedViewsResponseSchema = z.object({ views: z.array(savedViewSchema) });
export const savedViewResponseSchema = z.object({ view: savedViewSchema });
export const updateSavedViewSchema = z
  .object({
    name: text().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    projectId: id().nullable(),
    query: z.record(text().max(100), text().max(200)),
    layout: z.enum(['list', 'board']),
    groupBy: z.enum(VIEW_GROUPS),
  })
  .partial()
  .strict();
