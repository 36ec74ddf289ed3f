import type { EntityManager } from '@mikro-orm/postgresql';
import type { StreamFeedItem, StreamHealth } from '@tracker/shared/api/streams';
import { renderMarkdown } from '@tracker/shared/markdown';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { localToday, overdue, userZone } from '../../db/local-date.ts';
import { iso } from '../../db/sql.ts';
import type { UpdateRow } from './stream.service.ts';

interface FeedRow {
  kind: 'update' | 'event';
  id: string | number;
  created_at: string;
  body: string | null;
  health: string | null;
  event: string | null;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number | null;
  issue_key: string | null;
  issue_title: string | null;
}

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

/**
 * A stream's feed, newest first: members' posts, the issue events the issues module records
 * (`stream.issue_added|removed|completed`), and an `issue_overdue` event dated on the due date of
 * each open issue past it (overdue in the viewer's time zone). Events only about issues the viewer
 * can see. One query.
 */
export async function streamFeed(em: EntityManager, viewer: Viewer, streamId: number, limit: number, now = new Date()): Promise<StreamFeedItem[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  const late = overdue('i.due_date', localToday(userZone({ sql: '?', params: [viewer.id] }), now));
  const rows = await em.execute<FeedRow[]>(
    `select x.kind, x.id, x.created_at, x.body, x.health, x.event, x.actor_id, u.name as actor_name,
            i.id as issue_id, ip.key || '-' || i.number as issue_key, i.title as issue_title
       from (
         select 'update' as kind, su.id::bigint as id, su.created_at, su.body, su.health, null::text as event, su.author_id as actor_id, null::int as issue_id
           from stream_updates su where su.stream_id = ?
         union all
         select 'event', a.id, a.created_at, null, null, substr(a.action, 8), a.actor_id, a.issue_id
           from activities a
           join issues i on i.id = a.issue_id
           join projects p on p.id = i.project_id
          where a.stream_id = ? and a.action in ('stream.issue_added', 'stream.issue_removed', 'stream.issue_completed') and ${visible.sql}
         union all
         select 'event', i.id, (i.due_date::timestamp at time zone 'UTC'), null, null, 'issue_overdue', null, i.id
           from issue_streams ist
           join issues i on i.id = ist.issue_id
           join statuses st on st.id = i.status_id
           join projects p on p.id = i.project_id
          where ist.stream_id = ? and ${late.sql} and st.category not in ('completed', 'canceled') and ${visible.sql}
       ) x
       left join users u on u.id = x.actor_id
       left join issues i on i.id = x.issue_id
       left join projects ip on ip.id = i.project_id
      order by x.created_at desc, x.kind desc, x.id desc
      limit ?`,
    [streamId, streamId, ...visible.params, streamId, ...late.params, ...visible.params, limit],
  );
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
