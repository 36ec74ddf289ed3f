import type { EntityManager } from '@mikro-orm/postgresql';
import { visibleProjectsCondition, type Viewer } from '../projects/project-access.ts';
import { intArray } from '../../db/sql.ts';

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

const STATUS_ORDER = `array_position(array['in_progress', 'planned', 'backlog', 'paused', 'completed', 'canceled']::varchar[], s.status)`;

/**
 * Streams with lead, members, progress and the latest update's health, in one query. Progress
 * counts only the issues the viewer can see (canceled ones count for nothing); an issue without an
 * estimate weighs 1.
 */
export async function selectStreams(em: EntityManager, viewer: Viewer, ids?: number[]): Promise<StreamRow[]> {
  const visible = visibleProjectsCondition(viewer, 'p');
  return em.execute<StreamRow[]>(
    `select s.id, s.name, s.description, s.status, s.lead_id, lu.name as lead_name, s.created_by,
            s.start_date::text as start_date, s.target_date::text as target_date, s.created_at, s.updated_at,
            coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.name, u.id)
                        from stream_members sm join users u on u.id = sm.user_id where sm.stream_id = s.id), '[]'::json) as members,
            pr.total, pr.completed, pr.total_weight, pr.completed_weight,
            (select su.health from stream_updates su where su.stream_id = s.id order by su.created_at desc, su.id desc limit 1) as health
       from streams s
       left join users lu on lu.id = s.lead_id
       cross join lateral (
         select count(*)::int as total,
                (count(*) filter (where st.category = 'completed'))::int as completed,
                coalesce(sum(coalesce(i.estimate, 1)), 0)::float8 as total_weight,
                coalesce(sum(coalesce(i.estimate, 1)) filter (where st.category = 'completed'), 0)::float8 as completed_weight
           from issue_streams ist
           join issues i on i.id = ist.issue_id
           join statuses st on st.id = i.status_id
           join projects p on p.id = i.project_id
          where ist.stream_id = s.id and st.category <> 'canceled' and ${visible.sql}
       ) pr
      ${ids ? 'where s.id = any(?::int[])' : ''}
      order by ${STATUS_ORDER}, lower(s.name), s.id`,
    [...visible.params, ...(ids ? [intArray(ids)] : [])],
  );
}

export async function selectStream(em: EntityManager, viewer: Viewer, id: number): Promise<StreamRow | null> {
  const [row] = await selectStreams(em, viewer, [id]);
  return row ?? null;
}
