// The numbers on the admin dashboard: typed statements (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { AdminStats } from '@tracker/shared/api/admin';
import { kysely } from '../../db/kysely.ts';

const countAll = sql<number>`count(*)::int`;

/** How many users, projects, issues and blog posts there are, in one query. */
export function totalCounts(em: EntityManager): Promise<AdminStats['counts']> {
  return kysely(em)
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(countAll.as('n')).$asScalar().$notNull().as('users'),
      eb.selectFrom('projects').select(countAll.as('n')).$asScalar().$notNull().as('projects'),
      eb.selectFrom('issues').select(countAll.as('n')).$asScalar().$notNull().as('issues'),
      eb.selectFrom('blog_posts').select(countAll.as('n')).$asScalar().$notNull().as('posts'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * Sign-ups and new issues on each of the last `days` UTC days, oldest first, days without any
 * included: a generated series of days left-joined to grouped counts, which the query builder
 * cannot say cleanly, hence the template (bound value only).
 */
export async function dailyCounts(em: EntityManager, days: number): Promise<AdminStats['daily']> {
  const { rows } = await sql<{ date: string; signups: number; issues: number }>`
    with bounds as (select (now() at time zone 'utc')::date - (${days}::int - 1) as first, (now() at time zone 'utc')::date as last),
     days as (select generate_series(first, last, interval '1 day')::date as day from bounds),
     s as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from users, bounds
            where created_at >= first::timestamp at time zone 'utc' group by 1),
     i as (select (created_at at time zone 'utc')::date as day, count(*)::int as n from issues, bounds
            where created_at >= first::timestamp at time zone 'utc' group by 1)
     select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as signups, coalesce(i.n, 0) as issues
       from days left join s on s.day = days.day left join i on i.day = days.day order by days.day`.execute(kysely(em));
  return rows;
}
