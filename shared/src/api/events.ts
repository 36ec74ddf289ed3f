import { z } from 'zod';

/**
 * Live updates over server-sent events (`GET /api/events`). Each event names what changed; clients
 * refetch what they show. The server only sends an event to a client who may see its subject; one
 * with a `userId` (the inbox's count) only to that user.
 */
export const liveEventSchema = z.object({
  type: z.enum(['issue.created', 'issue.updated', 'issue.deleted', 'comment.created', 'comment.updated', 'comment.deleted', 'stream.updated', 'project.updated', 'inbox.changed']),
  issueId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  streamIds: z.array(z.number().int()),
  actorId: z.number().int().nullable(),
  userId: z.number().int().optional(),
  /** `inbox.changed`: the user's unread count now. */
  unread: z.number().int().optional(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
