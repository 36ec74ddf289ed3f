// A stale edit (409 edit_conflict, issue 11 L4): what the server says changed, and the form's
// values moved onto the issue as it is now — fields I did not touch take theirs, mine stay mine.
import type { EditConflictData } from '@tracker/shared/api/issues';
import { refusalOf } from '../../../lib/http.ts';
import type { IssueFormValues } from './model.ts';

/** Fields whose two texts the merge dialog shows side by side. */
export const MERGEABLE = ['title', 'description'] as const;
export type MergeableField = (typeof MERGEABLE)[number];

export function editConflictOf(err: unknown): EditConflictData | null {
  const refused = refusalOf(err);
  return refused?.status === 409 && refused.data.code === 'edit_conflict' ? (refused.data as unknown as EditConflictData) : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** My edits re-applied on `theirs`: a value I left as loaded (`base`) becomes theirs. */
export function rebase(base: IssueFormValues, mine: IssueFormValues, theirs: IssueFormValues): IssueFormValues {
  const next = { ...mine };
  for (const key of Object.keys(mine) as (keyof IssueFormValues)[]) {
    if (key === 'customValues') continue;
    if (same(mine[key], base[key])) (next as Record<string, unknown>)[key] = theirs[key];
  }
  const ids = new Set([...Object.keys(theirs.customValues), ...Object.keys(mine.customValues)]);
  next.customValues = Object.fromEntries([...ids].map((id) => [id, same(mine.customValues[id], base.customValues[id]) ? theirs.customValues[id] : mine.customValues[id]]));
  return next;
}
