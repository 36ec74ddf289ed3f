// What a cycle page counts, from the membership history (`cycle_issues`, kept by a trigger): SQL
// text, one statement each, over the cycle's own rows (index cycle_issues_cycle).
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Per day from `from` to `to` (inclusive): the issues in the cycle at the day's end (midnight in the
 * cycle's zone) and those of them completed by then. An issue that left the cycle (moved, or rolled
 * over at the end) counts for the days it was in.
 */
export async function burndownCounts(em: EntityManager, cycleId: number, from: string, to: string): Promise<{ date: string; scope: number; completed: number }[]> {
  return em.execute(
    `with days as (
       select d::date as date, ((d::date + 1)::timestamp at time zone c.time_zone) as boundary
         from cycles c, generate_series(?::date, ?::date, interval '1 day') d where c.id = ?
     )
     select to_char(days.date, 'YYYY-MM-DD') as date,
            count(distinct ci.issue_id)::int as scope,
            count(distinct ci.issue_id) filter (where i.completed_at < days.boundary)::int as completed
       from days
       left join cycle_issues ci on ci.cycle_id = ? and ci.added_at < days.boundary and (ci.removed_at is null or ci.removed_at >= days.boundary)
       left join issues i on i.id = ci.issue_id
      group by days.date order by days.date`,
    [from, to, cycleId, cycleId],
  );
}

/** The issues in the cycle now by status, and how many are completed and in a started status. */
export async function cycleIssuesByStatus(em: EntityManager, cycleId: number): Promise<{ status_id: number; category: string; count: number; completed: number }[]> {
  return em.execute(
    `select i.status_id, s.category, count(*)::int as count, count(*) filter (where i.completed_at is not null)::int as completed
       from issues i join statuses s on s.id = i.status_id
      where i.cycle_id = ? group by i.status_id, s.category, s.position order by s.position, i.status_id`,
    [cycleId],
  );
}

/**
 * The project's last `limit` ended cycles that end no later than `endsOn`, oldest first: what was in
 * each at its end, and how much of it was completed by then.
 */
export async function velocityCounts(em: EntityManager, projectId: number, endsOn: string, limit: number): Promise<{ cycle_id: number; number: number; name: string | null; scope: number; completed: number }[]> {
  return em.execute(
    `select v.* from (
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
        order by c.starts_on desc limit ?
     ) v order by v.starts_on`,
    [projectId, endsOn, limit],
  );
}
