// The list's group counts (GET /api/issues/counts): the list's own filters and a group.
import { z } from 'zod';
import { issueListQuerySchema } from './issues.ts';
import { ISSUE_GROUPS } from './values/issues.ts';

/**
 * How many issues each group of a list holds, whatever is loaded: the list's filters and a group.
 * Keys as the web app's groups: `s<statusId>`, `c<category>`, `u<userId>` or `none`, the priority, `p<projectId>`.
 */
export const issueCountsQuerySchema = issueListQuerySchema
  .omit({ sort: true, order: true, cursor: true, limit: true })
  .extend({ group: z.enum(ISSUE_GROUPS.filter((g) => g !== 'none') as ['status', 'category', 'assignee', 'priority', 'project']) });
export const issueCountsResponseSchema = z.object({ counts: z.array(z.object({ key: z.string(), count: z.number().int() })) });
export type IssueCountsResponse = z.infer<typeof issueCountsResponseSchema>;
