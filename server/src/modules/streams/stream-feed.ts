import type { EntityManager } from '@mikro-orm/postgresql';
import type { StreamFeedItem, StreamHealth } from '@tracker/shared/api/streams';
import { renderMarkdown } from '@tracker/shared/markdown';
import type { Viewer } from '../projects/project-access.ts';
import { iso } from '../../db/sql.ts';
import { streamFeedRows } from './stream-reads.repository.ts';
import type { UpdateRow } from './stream.repository.ts';

type FeedEvent = Extract<StreamFeedItem, { kind: 'event' }>['event'];

export function toUpdateItem(row: Pick<UpdateRow, 'id' | 'author_id' | 'author_name' | 'body' | 'health' | 'created_at'>): Extract<StreamFeedItem, { kind: 'update' }> {
  return {
    kind: 'update',
    id: Number(row.id),
    author: row.author_id != null ? { id: row.author_id, name: row.author_name ?? '' } : null,
    body: row.body,
    bodyHtml: renderMarkdown(row.body),
    health: row.health as StreamHealth,
    createdAt: iso(row.created_at),
  };
}

/** A stream's feed, newest first (stream-reads.repository.ts's streamFeedRows says what it holds). */
export async function streamFeed(em: EntityManager, viewer: Viewer, streamId: number, limit: number, now = new Date()): Promise<StreamFeedItem[]> {
  const rows = await streamFeedRows(em, viewer, streamId, limit, now);
  return rows.map((r) =>
    r.kind === 'update'
      ? toUpdateItem({ id: Number(r.id), author_id: r.actor_id, author_name: r.actor_name, body: r.body ?? '', health: r.health ?? 'on_track', created_at: r.created_at })
      : {
          kind: 'event',
          id: Number(r.id),
          event: r.event as FeedEvent,
          issue: { id: r.issue_id!, key: r.issue_key ?? '', title: r.issue_title ?? '' },
          actor: r.actor_id != null ? { id: r.actor_id, name: r.actor_name ?? '' } : null,
          createdAt: iso(r.created_at),
        },
  );
}
