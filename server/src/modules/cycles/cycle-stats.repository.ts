// What a cycle page counts, from the membership history (`cycle_issues`, kept by a trigger), in one
// statement: under load every round trip waits for the pool again, so the burndown, the issues by
// status and the velocity come back together as JSON (SQL text: one plan, over the cycle's own rows
// by index cycle_issues_cycle).
import type { EntityManager } from '@mikro-orm/postgresql';

export interface CycleStats {
  /**
   * Per day from `from` to `to` (inclusive): the issues in the cycle at the day's end (midnight in the
   * cycle's zone) and those of them completed by then. An issue that left the cycle (moved, or rolled
   * over at the end) counts for the days it was in.
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

/** `days`: whether to count the burndown at all (an upcoming cycle has none). */
export async function cycleStats(em: EntityManager, c: { id: number; projectId: number; endsOn: string }, days: { from: string; to: string } | null, limit: number): Promise<CycleStats> {
  const [row] = await em.execute<{ burndown: CycleStats['burndown'] | null; by_status: CycleStats['byStatus'] | null; velocity: CycleStats['velocity'] | null }[]>(
    `select
       (select json_agg(b order by b.date) from (
          select to_char(days.date, 'YYYY-MM-DD') as date,
                 count(distinct ci.issue_id)::int as scope,
                 count(distinct ci.issue_id) filter (where i.completed_at < days.boundary)::int as completed
            from (select d::date as date, ((d::date + 1)::timestamp at time zone cy.time_zone) as boundary
                    from cycles cy, generate_series(?::date, ?::date, interval '1 day') d where cy.id = ? and ?::boolean) days
            left join cycle_issues ci on ci.cycle_id = ? and ci.added_at < days.boundary and (ci.removed_at is null or ci.removed_at >= days.boundary)
            left join issues i on i.id = ci.issue_id
           group by days.date) b) as burndown,
       (select json_agg(s order by s.position, s.status_id) from (
          select i.status_id, st.category, st.position, count(*)::int as count, count(*) filter (where i.completed_at is not null)::int as completed
            from issues i join statuses st on st.id = i.status_id
           where i.cycle_id = ? group by i.status_id, st.category, st.position) s) as by_status,
       (select json_agg(v order by v.starts_on) from (
          select c.id as cycle_id, c.number, c.name, c.starts_on, e.scope, e.completed
            from cycles c,
            lateral (
              select count(distinct ci.issue_id)::int as scope,
                     count(distinct ci.issue_id) filter (where i.completed_at < b.boundary)::int as completed
                from (select (c.ends_on::timestamp at time zone c.time_zone) as boundary) b
                left join cycle_issues ci on ci.cycle_id = c.id and ci.added_at < b.boundary and (ci.removed_at is null or ci.removed_at >= b.boundary)
                left join issues i on i.id = ci.issue_id
            ) e
           where c.project_id = ? and c.ends_on <= ? and c.ends_on <= (now() at time zone c.time_zone)::date
           order by c.starts_on desc limit ?) v) as velocity`,
    [days?.from ?? c.endsOn, days?.to ?? c.endsOn, c.id, days !== null, c.id, c.id, c.projectId, c.endsOn, limit],
  );
  return { burndown: row?.burndown ?? [], byStatus: row?.by_status ?? [], velocity: row?.velocity ?? [] };
}
