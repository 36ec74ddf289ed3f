// The outbox's stored shape (the client's own, in IndexedDB; not an API payload) and the pure
// rules of the optimistic layer: an issue with edits in the outbox shows its confirmed copy with
// the edits applied in order.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { row } from './model.ts';

/**
 * An edit made and not yet confirmed (issue 14): `update` is a PATCH of the issue (sent with its
 * `editedAt`: last writer wins per field), `move` a board drag (`POST /api/issues/:id/move`).
 * `optimistic` holds the list fields as the edit shows them until the server answers. Its schema,
 * for the stored shape's hash, is in stored-schema.ts.
 */
export interface OutboxEntry {
  id: string;
  kind: 'update' | 'move';
  issueId: number;
  body: Record<string, unknown>;
  optimistic: Partial<IssueListItem>;
  /** ISO 8601 with offset. */
  editedAt: string;
  /** The order edits are sent in: increasing within a tab, by time across tabs (microseconds). */
  seq: number;
}

/** The issue as shown: its confirmed copy with every pending edit of it applied, oldest first. */
export function withEdits(confirmed: IssueListItem, outbox: readonly OutboxEntry[]): IssueListItem {
  let shown = confirmed;
  for (const e of outbox) if (e.issueId === confirmed.id) shown = { ...shown, ...e.optimistic, id: confirmed.id };
  return row(shown);
}

export const hasEdits = (outbox: readonly OutboxEntry[], issueId: number) => outbox.some((e) => e.issueId === issueId);
