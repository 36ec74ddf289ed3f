import type { Stream, StreamHealth, StreamStatus } from '@tracker/shared/api/streams';
import { isAdmin, type Viewer } from '../projects/project-access.ts';
import { iso } from '../../db/sql.ts';

/** A stream as the stream reads select it (stream-reads.repository.ts): lead, members, progress, latest health. */
export interface StreamRow {
  id: number;
  name: string;
  description: string;
  status: string;
  lead_id: number | null;
  lead_name: string | null;
  created_by: number | null;
  start_date: string | null;
  target_date: string | null;
  created_at: string;
  updated_at: string;
  members: { id: number; name: string }[];
  total: number;
  completed: number;
  total_weight: number;
  completed_weight: number;
  health: string | null;
}

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
