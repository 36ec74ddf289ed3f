// The stream pages' reads: the streams with their progress, and a stream's feed. Typed queries
// (db/kysely.ts); what the stream service writes is stream.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { sql } from 'kysely';
import { kysely, sqlPart } from '../../db/kysely.ts';
import { localToday, overdue, userZone } from '../../db/local-date.ts';
import type { StreamRow } from './stream.mapper.ts';

/**
 * Streams with lead, members, progress and the latest update's health, in one query. Progress
 * counts only the issues the viewer can see (canceled ones count for nothing); an issue without an
 * estimate weighs 1.
 */
export function selectStreams(em: EntityManager, viewer: Viewer, ids?: number[]): Promise<StreamRow[]> {
  const visible = sqlPart(visibleProjectsCondition(viewer, 'p'));
  return kysely(em)
    .selectFrom('streams as s')
    .leftJoin('users as lu', 'lu.id', 's.lead_id')
    .crossJoinLateral((eb) =>
      eb
        .selectFrom('issue_streams as ist')
        .innerJoin('issues as i', 'i.id', 'ist.issue_id')
        .innerJoin('statuses as st', 'st.id', 'i.status_id')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) filter (where st.category = 'completed'))::int`.as('completed'),
          sql<number>`coalesce(sum(coalesce(i.estimate, 1)), 0)::float8`.as('total_weight'),
          sql<number>`coalesce(sum(coalesce(i.estimate, 1)) filter (where st.category = 'completed'), 0)::float8`.as('completed_weight'),
        ])
        .whereRef('ist.stream_id', '=', 's.id')
        .where('st.category', '<>', 'canceled')
        .where(visible)
        .as('pr'),
    )
    .select((eb) => [
      's.id',
      's.name',
      's.description',
      's.status',
      's.lead_id',
      'lu.name as lead_name',
      's.created_by',
      sql<string | null>`s.start_date::text`.as('start_date'),
      sql<string | null>`s.target_date::text`.as('target_date'),
      's.created_at',
      's.updated_at',
      sql<StreamRow['members']>`coalesce((${eb
        .selectFrom('stream_members as sm')
        .innerJoin('users as u', 'u.id', 'sm.user_id')
        .select(sql`json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)`.as('members'))
        .whereRef('sm.stream_id', '=', 's.id')}), '[]'::json)`.as('members'),
      'pr.total',
      'pr.completed',
      'pr.total_weight',
      'pr.completed_weight',
      eb.selectFrom('stream_updates as su').select('su.health').whereRef('su.stream_id', '=', 's.id').orderBy('su.created_at', 'desc').orderBy('su.id', 'desc').limit(1).as('health'),
    ])
    .$if(ids !== undefined, (q) => q.where('s.id', '=', (eb) => eb.fn.any(eb.val(ids!))))
    .orderBy(sql`array_position(array['in_progress', 'planned', 'backlog', 'paused', 'completed', 'canceled']::varchar[], s.status)`)
    .orderBy((eb) => eb.fn('lower', ['s.name']))
    .orderBy('s.id')
    .execute();
}

export async function selectStream(em: EntityManager, viewer: Viewer, id: number): Promise<StreamRow | null> {
  const [row] = await selectStreams(em, viewer, [id]);
  return row ?? null;
}

export interface FeedRow {
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

/**
 * A stream's feed, newest first: members' posts, the issue events the issues module records
 * (`stream.issue_added|removed|completed`, `event` without its `stream.`), and an `issue_overdue`
 * event dated on the due date of each open issue past it (overdue in the viewer's time zone at
 * `now`). Events only about issues the viewer can see. One query: a union of three shapes, in SQL.
 */
export async function streamFeedRows(em: EntityManager, viewer: Viewer, streamId: number, limit: number, now: Date): Promise<FeedRow[]> {
  const visible = sqlPart(visibleProjectsCondition(viewer, 'p'));
  const late = sqlPart(overdue('i.due_date', localToday(userZone({ sql: '?', params: [viewer.id] }), now)));
  const { rows } = await sql<FeedRow>`select x.kind, x.id, x.created_at, x.body, x.health, x.event, x.actor_id, u.name as actor_name,
            i.id as issue_id, ip.key || '-' || i.number as issue_key, i.title as issue_title
       from (
         select 'update' as kind, su.id::bigint as id, su.created_at, su.body, su.health, null::text as event, su.author_id as actor_id, null::int as issue_id
           from stream_updates su where su.stream_id = ${streamId}
         union all
         select 'event', a.id, a.created_at, null, null, substr(a.action, 8), a.actor_id, a.issue_id
           from activities a
           join issues i on i.id = a.issue_id
           join projects p on p.id = i.project_id
          where a.stream_id = ${streamId} and a.action in ('stream.issue_added', 'stream.issue_removed', 'stream.issue_completed') and ${visible}
         union all
         select 'event', i.id, (i.due_date::timestamp at time zone 'UTC'), null, null, 'issue_overdue', null, i.id
           from issue_streams ist
           join issues i on i.id = ist.issue_id
           join statuses st on st.id = i.status_id
           join projects p on p.id = i.project_id
          where ist.stream_id = ${streamId} and ${late} and st.category not in ('completed', 'canceled') and ${visible}
       ) x
       left join users u on u.id = x.actor_id
       left join issues i on i.id = x.issue_id
       left join projects ip on ip.id = i.project_id
      order by x.created_at desc, x.kind desc, x.id desc
      limit ${limit}`.execute(kysely(em));
  return rows;
}
