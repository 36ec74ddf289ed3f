// The demo's issues and everything they hold, made inside PostgreSQL (generate_series) so 100,000
// issues take seconds: set-based statements the builder has no form for, as typed `sql` templates
// (db/kysely.ts) with the word lists and user ids bound as arrays. demo.ts and demo-links.ts decide
// what is made.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type RawBuilder } from 'kysely';
import { kysely } from '../db/kysely.ts';

/** Words for titles and comments, per language. */
export interface DemoWords {
  titles: Record<'ru' | 'en', { verbs: readonly string[]; objects: readonly string[]; tails: readonly string[] }>;
  comments: Record<'ru' | 'en', readonly string[]>;
}

/** The `n`-th word of `words` (an SQL integer expression), round the list. */
const nth = (words: readonly string[], n: RawBuilder<unknown>) => sql<string>`(${words}::text[])[1 + (${n} % ${sql.lit(words.length)})]`;

/** A title from the word lists by the issue's position `n`, so every issue is readable and varied. */
const title = (words: DemoWords['titles']['ru']) => sql<string>`${nth(words.verbs, sql`r.n`)} || ' ' || ${nth(words.objects, sql`(r.n / 7)`)} || ${nth(words.tails, sql`(r.n / 3)`)}`;

/**
 * `total` issues spread over the projects (the third one's in English), with statuses, people among
 * `userIds`, dates, estimates, a custom value on some, and creation times in the past 90 days.
 */
export async function generateIssues(em: EntityManager, total: number, userIds: readonly number[], words: DemoWords): Promise<void> {
  const users = sql`${userIds}::int[]`;
  await sql`
    with p as (select id, key, row_number() over (order by id) - 1 as idx from projects),
    g as (select s as n, (s % 3) as pidx from generate_series(1, ${total}) s),
    rows as (
      select g.n, p.id as project_id, p.idx,
             row_number() over (partition by p.id order by g.n) as number,
             random() as r1, random() as r2, random() as r3, random() as r4
        from g join p on p.idx = g.pidx
    )
    insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id,
                        start_date, due_date, estimate, sort_order, custom_values, created_at, updated_at, completed_at)
    select r.project_id, r.number,
           case when r.idx = 2 then ${title(words.titles.en)} else ${title(words.titles.ru)} end,
           case when r.r1 < 0.5 then '' else case when r.idx = 2 then 'Steps to reproduce:\n1. Open the page\n2. Wait\n\nExpected: it works.' else 'Шаги:\n1. Открыть страницу\n2. Подождать\n\nОжидается: всё работает.' end end,
           s.id, (r.n % 5), case when r.r2 < 0.8 then (${users})[1 + floor(r.r2 * 10)::int % array_length(${users}, 1)] end,
           (${users})[1 + (r.n % array_length(${users}, 1))],
           case when r.r3 < 0.3 then current_date + ((r.n % 60) - 20) - (r.n % 10) end,
           case when r.r3 < 0.6 then current_date + ((r.n % 60) - 20) end,
           case when r.r4 < 0.5 then (1 + r.n % 8) end,
           r.n::float8,
           case when r.r4 < 0.4 then jsonb_build_object((select id::text from custom_fields where type = 'select' limit 1), (select id from custom_field_options o order by o.id offset (r.n % 4) limit 1)) else '{}'::jsonb end,
           now() - make_interval(days => (r.n % 90), mins => (r.n % 1440)),
           now() - make_interval(days => (r.n % 30), mins => (r.n % 600)),
           case when s.category = 'completed' then now() - make_interval(days => (r.n % 30)) end
      from rows r
      join lateral (
        select st.id, st.category from statuses st where st.project_id = r.project_id
         order by st.position offset (floor(r.r1 * 6))::int limit 1
      ) s on true`.execute(kysely(em));
  await sql`update projects p set issue_counter = (select coalesce(max(number), 0) from issues i where i.project_id = p.id)`.execute(kysely(em));
  await sql`insert into issue_labels (issue_id, label_id)
    select i.id, l.id from issues i join lateral (select id from labels l where l.project_id = i.project_id order by id offset (i.id % 3) limit 1) l on true where i.id % 5 < 3`.execute(kysely(em));
  await sql`insert into issue_streams (issue_id, stream_id)
    select i.id, s.id from issues i join lateral (select id from streams order by id offset (i.id % 4) limit 1) s on true where i.id % 10 < 2`.execute(kysely(em));
  await kysely(em)
    .insertInto('issue_watchers')
    .columns(['issue_id', 'user_id'])
    .expression((eb) => eb.selectFrom('issues').select(['id', 'reporter_id']).where('reporter_id', 'is not', null).$narrowType<{ reporter_id: number }>())
    .execute();
  await sql`insert into comments (issue_id, author_id, body, created_at, updated_at)
    select i.id, (${users})[1 + ((i.id + k) % array_length(${users}, 1))],
           case when p.key = 'OPS' then ${nth(words.comments.en, sql`(i.id + k)`)} else ${nth(words.comments.ru, sql`(i.id + k)`)} end,
           i.created_at + make_interval(hours => k + 1), i.created_at + make_interval(hours => k + 1)
      from issues i join projects p on p.id = i.project_id cross join generate_series(0, 2) k
     where (i.id + k) % 4 = 0`.execute(kysely(em));
  await kysely(em)
    .insertInto('activities')
    .columns(['issue_id', 'project_id', 'actor_id', 'action', 'created_at'])
    .expression((eb) => eb.selectFrom('issues').select(['id', 'project_id', 'reporter_id', sql.lit('created').as('action'), 'created_at']))
    .execute();
  await sql`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value, created_at)
    select i.id, i.project_id, i.assignee_id, 'updated', 'statusId', to_jsonb(first.id), to_jsonb(i.status_id), i.updated_at
      from issues i join lateral (select id from statuses where project_id = i.project_id order by position limit 1) first on true
     where first.id <> i.status_id`.execute(kysely(em));
}

/** How many issues there are. */
export async function issueCount(em: EntityManager): Promise<number> {
  const row = await kysely(em).selectFrom('issues').select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  return row.count;
}

/** Refreshes the issues' statistics, which the planner needs to join issues to issues by number. */
export async function analyzeIssues(em: EntityManager): Promise<void> {
  await sql`analyze issues`.execute(kysely(em));
}

/**
 * In every run of `block` issues of a project, the first is the parent of those at `childOffsets`
 * (1-based positions in the run).
 */
export async function linkChildren(em: EntityManager, block: number, childOffsets: readonly number[]): Promise<void> {
  await sql`update issues c set parent_id = p.id
       from issues p
      where p.project_id = c.project_id and p.number = c.number - (c.number % ${block}) + 1
        and c.number % ${block} = any(${childOffsets}::int[])`.execute(kysely(em));
}

/** In every run of `block` issues of a project, the issue at position `from` gets a `type` link to the one at `to`. */
export async function relateInBlocks(em: EntityManager, block: number, relations: readonly { from: number; to: number; type: string }[]): Promise<void> {
  const offsets = sql.join(relations.map((r) => sql`(${sql.lit(r.from)}, ${sql.lit(r.to)}, ${sql.lit(r.type)})`));
  await sql`insert into issue_relations (from_issue_id, to_issue_id, type, created_at)
     select a.id, b.id, r.type, greatest(a.created_at, b.created_at)
       from issues a
       join (values ${offsets}) r(f, t, type) on a.number % ${block} = r.f
       join issues b on b.project_id = a.project_id and b.number = a.number - r.f + r.t`.execute(kysely(em));
}

/** Every 50th issue of project `fromKey` (from the 25th) relates to the issue of the same number in `toKey`. */
export async function relateAcrossProjects(em: EntityManager, fromKey: string, toKey: string): Promise<void> {
  await sql`insert into issue_relations (from_issue_id, to_issue_id, type, created_at)
     select w.id, m.id, 'relates', greatest(w.created_at, m.created_at)
       from issues w join projects pw on pw.id = w.project_id and pw.key = ${fromKey}
       join issues m on m.number = w.number join projects pm on pm.id = m.project_id and pm.key = ${toKey}
      where w.number % 50 = 25`.execute(kysely(em));
}
