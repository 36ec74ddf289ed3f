// A cycle page in one statement: the cycle, what decides who may see it (its project's visibility,
// the viewer's membership), and its counts from the membership history (`cycle_issues`, kept by a
// trigger with each issue's completion time). Under load every round trip waits for the pool again,
// so all of it comes back in one row, the counts as JSON. Each count reads the cycle's own rows off
// an index (cycle_issues_cycle, issues_cycle), never the project's issues; cycle-stats.test.ts
// explains it. A membership's intervals never overlap (the trigger ends one before it starts
// another), so a day counts rows, not distinct issues.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProjectRole } from '@tracker/shared/api/projects';
import type { Selectable } from 'kysely';
import type { Cycles } from '../../db/database.ts';

export interface CycleStats {
  /**
   * Per day from the cycle's start to today or its last day (none before it starts): the issues in
   * the cycle at the day's end (midnight in the cycle's zone) and those of them completed by then.
   * An issue that left the cycle (moved, or rolled over at the end) counts for the days it was in.
   */
  burndown: { date: string; scope: number; completed: number }[];
  /** The issues in the cycle now by status, and how many are completed and in a started status. */
  byStatus: { status_id: number; category: string; count: number; completed: number }[];
  /**
   * The project's last `limit` ended cycles that end no later than the cycle, oldest first: what was
   * in each at its end, and how much of it was completed by then.
   */
  velocity: { cycle_id: number; number: number; name: string | null; scope: number; completed: number }[];
}

export interface CycleWithStats extends CycleStats {
  row: Selectable<Cycles>;
  /** The project's visibility and the viewer's membership role, for the visibility rule. */
  visibility: string;
  memberRole: ProjectRole | null;
}

/** The statement, as `cycleWithStats` runs it (cycle-stats.test.ts explains it). "Today" is `now`'s day in the cycle's zone. */
export function cycleStatsStatement(cycleId: number, userId: number, now: Date, limit: number): { sql: string; params: unknown[] } {
  // The burndown: each day's end as an instant (once: a zone's conversion per row was most of the
  // statement), each membership as the day numbers it enters and leaves the scope and the
  // completed count, and a running sum of those changes: one pass over the rows, whatever the days.
  return {
    sql: `with cy as materialized (
       select cy.*, p.visibility, m.role as member_role, least(cy.ends_on - 1, (?::timestamptz at time zone cy.time_zone)::date) as last_day
         from cycles cy join projects p on p.id = cy.project_id
         left join project_members m on m.project_id = p.id and m.user_id = ?
        where cy.id = ?),
     edges as materialized (
       select array(select (d::date + 1)::timestamp at time zone cy.time_zone from generate_series(cy.starts_on, cy.last_day, interval '1 day') d order by d) as at,
              cy.last_day - cy.starts_on + 1 as days, cy.starts_on as first
         from cy where cy.starts_on <= cy.last_day),
     spans as (
       select width_bucket(ci.added_at, e.at) as added, coalesce(width_bucket(ci.removed_at, e.at), e.days) as removed,
              case when ci.completed_at is not null then greatest(width_bucket(ci.added_at, e.at), width_bucket(ci.completed_at, e.at)) end as completed, e.days
         from cycle_issues ci, edges e where ci.cycle_id = ?),
     changes as (
       select added as day, 1 as scope, 0 as completed from spans where added < removed
       union all select removed, -1, 0 from spans where added < removed and removed < days
       union all select completed, 0, 1 from spans where completed < removed
       union all select removed, 0, -1 from spans where completed < removed and removed < days)
     select cy.id, cy.project_id, cy.number, cy.name, cy.starts_on, cy.ends_on, cy.time_zone, cy.rolled_over_at, cy.created_at, cy.visibility, cy.member_role,
       (select json_agg(b order by b.day) from (
          select k as day, to_char(e.first + k, 'YYYY-MM-DD') as date,
                 (sum(coalesce(sum(ch.scope), 0)) over (order by k))::int as scope,
                 (sum(coalesce(sum(ch.completed), 0)) over (order by k))::int as completed
            from edges e cross join generate_series(0, e.days - 1) k left join changes ch on ch.day = k
           group by k, e.first) b) as burndown,
       (select json_agg(s order by s.position, s.status_id) from (
          select i.status_id, st.category, st.position, count(*)::int as count, count(i.completed_at)::int as completed
            from issues i join statuses st on st.id = i.status_id
           where i.cycle_id = cy.id group by i.status_id, st.category, st.position) s) as by_status,
       (select json_agg(v order by v.starts_on) from (
          select c.id as cycle_id, c.number, c.name, c.starts_on, e.scope, e.completed
            from (select c.*, (c.ends_on::timestamp at time zone c.time_zone) as boundary from cycles c
                   where c.project_id = cy.project_id and c.ends_on <= cy.ends_on and c.ends_on <= (?::timestamptz at time zone c.time_zone)::date
                   order by c.starts_on desc limit ?) c,
            lateral (
              select count(*)::int as scope, count(*) filter (where ci.completed_at < c.boundary)::int as completed
                from cycle_issues ci
               where ci.cycle_id = c.id and ci.added_at < c.boundary and (ci.removed_at is null or ci.removed_at >= c.boundary)
            ) e) v) as velocity
       from cy`,
    params: [now.toISOString(), userId, cycleId, cycleId, now.toISOString(), limit],
  };
}

type Row = Selectable<Cycles> & {
  visibility: string;
  member_role: ProjectRole | null;
  burndown: (CycleStats['burndown'][number] & { day: number })[] | null;
  by_status: CycleStats['byStatus'] | null;
  velocity: CycleStats['velocity'] | null;
};

/** The cycle with its access facts and counts for `userId`, or undefined when there is no such cycle. */
export async function cycleWithStats(em: EntityManager, cycleId: number, userId: number, now: Date, limit: number): Promise<CycleWithStats | undefined> {
  const { sql, params } = cycleStatsStatement(cycleId, userId, now, limit);
  const [r] = await em.execute<Row[]>(sql, params);
  if (!r) return undefined;
  const { visibility, member_role, burndown, by_status, velocity, ...row } = r;
  return {
    row,
    visibility,
    memberRole: member_role,
    burndown: (burndown ?? []).map(({ date, scope, completed }) => ({ date, scope, completed })),
    byStatus: by_status ?? [],
    velocity: velocity ?? [],
  };
}
