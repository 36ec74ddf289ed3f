// The demo's plans (issue 29): a two-week cadence from Monday in every project, six ended cycles, the
// current one and two upcoming, the issues completed in each ended cycle and a share of the open ones
// in the current one (some rolled over from the last), with the membership history a team would have
// left; and three milestones per project. Set-based statements, so the 100,000-issue bench data takes
// a moment too.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { kysely } from '../db/kysely.ts';

export interface PlanSeed {
  timeZone: string;
  /** Three names per language: one passed, one near, one later. */
  milestones: { ru: readonly string[]; en: readonly string[] };
  /** The projects whose texts are English. */
  englishKeys: readonly string[];
}

export async function seedPlans(em: EntityManager, seed: PlanSeed): Promise<void> {
  for (const statement of planStatements(seed)) await statement.execute(kysely(em));
}

/** The statements, in order: the bench's data set (scripts/bench-data.ts) runs them on its own connection. */
export function planStatements({ timeZone, milestones, englishKeys }: PlanSeed): RawBuilder<unknown>[] {
  return [
    sql`insert into project_cycle_settings (project_id, weeks, start_day, time_zone) select id, 2, 1, ${timeZone} from projects`,
    sql`
    with base as (select date_trunc('week', (now() at time zone ${timeZone})::date)::date as monday)
    insert into cycles (project_id, number, starts_on, ends_on, time_zone, rolled_over_at)
    select p.id, k + 7, b.monday + k * 14, b.monday + (k + 1) * 14, ${timeZone}, case when k < 0 then now() end
      from projects p cross join base b cross join generate_series(-6, 2) k`,
    // Two of three issues completed within an ended cycle were in it; a share of the open ones are in the current one.
    sql`
    update issues i set cycle_id = c.id from cycles c
     where c.project_id = i.project_id and i.completed_at is not null and i.id % 3 <> 0
       and i.completed_at >= (c.starts_on::timestamp at time zone c.time_zone) and i.completed_at < (c.ends_on::timestamp at time zone c.time_zone)`,
    sql`
    update issues i set cycle_id = c.id from cycles c, statuses s
     where c.project_id = i.project_id and s.id = i.status_id and s.category not in ('completed', 'canceled') and i.id % 25 = 0
       and (now() at time zone c.time_zone)::date >= c.starts_on and (now() at time zone c.time_zone)::date < c.ends_on`,
    // The trigger stamped every membership now: put each at a believable hour of its cycle's first days.
    sql`
    update cycle_issues ci set added_at = least(greatest(i.created_at, (c.starts_on::timestamp at time zone c.time_zone) + make_interval(hours => ci.issue_id % 72)),
                                                coalesce(i.completed_at - interval '1 hour', now()))
      from cycles c, issues i where c.id = ci.cycle_id and i.id = ci.issue_id`,
    // Every other open issue of the current cycle had rolled over from the last one.
    sql`
    insert into cycle_issues (cycle_id, issue_id, added_at, removed_at)
    select prev.id, i.id, (prev.starts_on::timestamp at time zone prev.time_zone) + make_interval(hours => i.id % 48),
           (prev.ends_on::timestamp at time zone prev.time_zone) + interval '5 minutes'
      from issues i join cycles c on c.id = i.cycle_id and c.rolled_over_at is null
      join cycles prev on prev.project_id = c.project_id and prev.ends_on = c.starts_on
     where i.completed_at is null and i.id % 50 = 0 and i.created_at < (prev.starts_on::timestamp at time zone prev.time_zone)`,
    sql`
    insert into milestones (project_id, name, target_date, description)
    select p.id, case when p.key = any(${englishKeys}::text[]) then (${milestones.en}::text[])[m] else (${milestones.ru}::text[])[m] end,
           (now() at time zone ${timeZone})::date + (array[-20, 10, 40])[m], ''
      from projects p cross join generate_series(1, 3) m`,
    sql`
    update issues i set milestone_id = m.id
      from (select id, project_id, row_number() over (partition by project_id order by target_date) - 1 as idx from milestones) m
     where m.project_id = i.project_id and i.id % 11 = 0 and m.idx = (i.id / 11) % 3`,
  ];
}
