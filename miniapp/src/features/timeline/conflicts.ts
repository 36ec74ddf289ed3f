// Dependants that start too early (issue 29): an issue blocked by another should start after the
// blocker's last day. The timeline marks each one that starts on or before it; nothing is moved.
import type { BlockRelation } from '@tracker/shared/api/timeline';
import { spanOf, type Dated } from './geometry.ts';

export interface Scheduled extends Dated {
  statusId: number;
}

/**
 * Blocked issue id → the ids of its blockers it starts too early for. A blocker already completed
 * or canceled (`closed`) blocks nothing any more; an issue without dates has nothing to compare.
 */
export function conflictsOf(relations: readonly Pick<BlockRelation, 'blockerId' | 'blockedId'>[], issueOf: (id: number) => Scheduled | undefined, closed: (statusId: number) => boolean): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of relations) {
    const blocker = issueOf(r.blockerId);
    const blocked = issueOf(r.blockedId);
    if (!blocker || !blocked || closed(blocker.statusId)) continue;
    const before = spanOf(blocker);
    const after = spanOf(blocked);
    if (!before || !after || after.first > before.last) continue;
    const list = out.get(r.blockedId);
    if (list) list.push(r.blockerId);
    else out.set(r.blockedId, [r.blockerId]);
  }
  return out;
}
