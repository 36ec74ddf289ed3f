import type { IssueListItem } from '@tracker/shared/api/issues';

const STEP = 1024;

export const byBoardOrder = (a: IssueListItem, b: IssueListItem) => a.sortOrder - b.sortOrder || a.id - b.id;

/** Cards of one column in board order. */
export function columnCards(issues: readonly IssueListItem[], statusId: number, exclude?: number): IssueListItem[] {
  return issues.filter((i) => i.statusId === statusId && i.id !== exclude).sort(byBoardOrder);
}

export interface Placement {
  statusId: number;
  beforeId: number | null;
  afterId: number | null;
  /** The order the server will give it (the same midpoint rule), for the optimistic update. */
  sortOrder: number;
}

/** Where a card lands when dropped at `index` among the other cards of `statusId`. */
export function placeAt(issues: readonly IssueListItem[], id: number, statusId: number, index: number): Placement {
  const cards = columnCards(issues, statusId, id);
  const i = Math.max(0, Math.min(index, cards.length));
  const above = cards[i - 1] ?? null;
  const below = cards[i] ?? null;
  let sortOrder: number;
  if (above && below) sortOrder = (above.sortOrder + below.sortOrder) / 2;
  else if (above) sortOrder = above.sortOrder + STEP;
  else if (below) sortOrder = below.sortOrder - STEP;
  else sortOrder = STEP;
  return { statusId, beforeId: above?.id ?? null, afterId: below?.id ?? null, sortOrder };
}

/** Applies a placement to the list (optimistic update). */
export function applyPlacement(issues: readonly IssueListItem[], id: number, p: Placement): IssueListItem[] {
  return issues.map((i) => (i.id === id ? { ...i, statusId: p.statusId, sortOrder: p.sortOrder } : i));
}

/** True when dropping there changes nothing. */
export function isNoop(issues: readonly IssueListItem[], id: number, p: Placement): boolean {
  const issue = issues.find((i) => i.id === id);
  if (!issue || issue.statusId !== p.statusId) return false;
  const cards = columnCards(issues, p.statusId);
  const at = cards.findIndex((c) => c.id === id);
  return (cards[at - 1]?.id ?? null) === p.beforeId && (cards[at + 1]?.id ?? null) === p.afterId;
}
