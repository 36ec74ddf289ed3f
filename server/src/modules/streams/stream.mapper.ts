import type { Stream, StreamHealth, StreamStatus } from '@tracker/shared/api/streams';
import { isAdmin, type Viewer } from '../projects/project-access.ts';
import { iso } from '../../db/sql.ts';
import type { StreamRow } from './stream-reads.repository.ts';

export type StreamCapability = 'stream.edit' | 'stream.delete' | 'stream.post';

/** Lead, creator and admins edit and delete a stream; its lead and members (and admins) post updates. */
export function streamCapabilities(row: Pick<StreamRow, 'lead_id' | 'created_by' | 'members'>, viewer: Viewer): StreamCapability[] {
  const owner = isAdmin(viewer) || row.lead_id === viewer.id || row.created_by === viewer.id;
  const poster = isAdmin(viewer) || row.lead_id === viewer.id || row.members.some((m) => m.id === viewer.id);
  return [...(owner ? (['stream.edit', 'stream.delete'] as const) : []), ...(poster ? (['stream.post'] as const) : [])];
}

export function toStreamDto(row: StreamRow, viewer: Viewer): Stream {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status as StreamStatus,
    lead: row.lead_id != null ? { id: row.lead_id, name: row.lead_name ?? '' } : null,
    members: row.members.map((m) => ({ id: Number(m.id), name: m.name })),
    startDate: row.start_date,
    targetDate: row.target_date,
    progress: {
      total: row.total,
      completed: row.completed,
      totalWeight: Number(row.total_weight),
      completedWeight: Number(row.completed_weight),
    },
    health: (row.health as StreamHealth | null) ?? null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    can: streamCapabilities(row, viewer),
  };
}
