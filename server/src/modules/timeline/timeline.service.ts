// What the timeline asks the server (issue 29): its arrows. The bars are the client store's issues.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BlockRelation } from '@tracker/shared/api/timeline';
import type { Viewer } from '../projects/project-access.ts';
import { selectBlockRelations, type TimelineRange } from './timeline.repository.ts';

export async function timelineRelations(em: EntityManager, viewer: Viewer, range: TimelineRange): Promise<BlockRelation[]> {
  const rows = await selectBlockRelations(em, viewer, range);
  return rows.map((r) => ({ id: r.id, blockerId: r.blocker_id, blockedId: r.blocked_id }));
}
