// The outbox's stored shape (the client's own, in IndexedDB; not an API payload) and the pure
// rules of the optimistic layer: an issue with edits in the outbox shows its confirmed copy with
// the edits applied in order.
import { issueListItemSchema, type IssueListItem } from '@tracker/shared/api/issues';
import { z } from 'zod';
import { row } from './model.ts';

/**
 * An edit made and not yet confirmed (issue 14): `update` is a PATCH of the issue (sent with its
 * `editedAt`: last writer wins per field), `move` a board drag (`POST /api/issues/:id/move`).
 * `optimistic` holds the list fields as the edit shows them until the server answers.
 */
export const outboxEntrySchema = z.object({
  id: z.string().max(100),
  kind: z.enum(['update', 'move']),
  issueId: z.number().int(),
  body: z.record(z.string().max(100), z.unknown()),
  optimistic: issueListItemSchema.partial(),
  editedAt: z.iso.datetime({ offset: true }),
  /** The order edits are sent in: increasing within a tab, by time across tabs (microseconds). */
  seq: z.number(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** The issue as shown: its confirmed copy with every pending edit of it applied, oldest first. */
export function withEdits(confirmed: IssueListItem, outbox: readonly OutboxEntry[]): IssueListItem {
  let shown = confirmed;
  for (const e of outbox) if (e.issueId === confirmed.id) shown = { ...shown, ...e.optimistic, id: confirmed.id };
  return row(shown);
}

export const hasEdits = (outbox: readonly OutboxEntry[], issueId: number) => outbox.some((e) => e.issueId === issueId);
