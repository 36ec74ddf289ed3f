import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminStats } from '@tracker/shared/api/admin';

export const STATS_DAYS = 30;

/** Counts and the last 30 days of sign-ups and new issues (UTC days), in two queries. */
export async function adminStats(em: EntityManager): Promise<AdminStats> {
  const [counts] = await em.execute<{ users: number; projects: number; issues: number; posts: number }[]>(
    `select (select count(*)::int from users) as users, (select count(*)::int from projects) as projects,
            (select count(*)::int from issues) as issues, (select count(*)::int from blog_posts) as posts`,
  );
  const daily = await em.execute<{ date: string; signups: number; issues: number }[]>(
    `with bounds as (select (now() at time zone 'utc')::date - (?::int - 1) as first, (now() at time zone 'utc')::date as last),
     days as (select generate_series(first, last, interval '1 day')::date as day from bounds),
     s as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from users, bounds
            where created_at >= first::timestamp at time zone 'utc' group by 1),
     i as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from issues, bounds
            where created_at >= first::timestamp at time zone 'utc' group by 1)
     select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as signups, coalesce(i.n, 0) as issues
       from days left join s on s.day = days.day left join i on i.day = days.day order by days.day`,
    [STATS_DAYS],
  );
  return { counts: counts!, daily };
}
