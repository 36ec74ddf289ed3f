// The bench's data set: 5 projects, 50 users with varied roles, 100,000 issues with comments, labels,
// due dates and history in both languages. Generated inside PostgreSQL (generate_series, unnest), so
// seeding is a handful of statements, not 100,000 ORM flushes.
import pg from 'pg';
import { DEFAULT_LABELS, DEFAULT_STATUSES } from '../server/src/modules/projects/default-workflow.ts';
import { hashPassword } from '../server/src/modules/users/user.service.ts';
import { BENCH_PROJECTS, COMMENTS, PEOPLE, SENTENCES, TITLE_PARTS } from './bench-words.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { Kysely, DummyDriver, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { DEMO_MILESTONES } from '../server/src/seed/demo-data.ts';
import { planStatements } from '../server/src/seed/demo-plans.repository.ts';

/** Kysely that only compiles (to `$1` SQL text and values), for statements run on this script's own connection. */
const compileOnly = new Kysely<unknown>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
});

export const BENCH_PASSWORD = 'bench-lantern-42';
export const benchEmail = (n: number) => `user${n}@bench.tracker`;

/** What a data folder holds; a folder of another shape is rebuilt. `version` changes with the SQL below. */
export interface BenchShape {
  version: number;
  issues: number;
  users: number;
}
export const SEED_VERSION = 3;

/** Issues per project, most in the first ones, as in a real workspace. */
const PROJECT_SHARE = [0.35, 0.25, 0.2, 0.12, 0.08];
/** Cumulative shares of the default statuses in order: backlog, todo, in progress, in review, done, canceled. */
const STATUS_SHARE = [0.2, 0.35, 0.45, 0.5, 0.92, 1];
/** Cumulative shares of priorities by stored value: none, urgent, high, medium, low. */
const PRIORITY_SHARE = [0.3, 0.35, 0.5, 0.8, 1];

/** Running sums, the last exactly 1 (float sums may miss it), for picking by `random() <= share`. */
const cumulative = (shares: number[]) => shares.map((_, i) => (i === shares.length - 1 ? 1 : shares.slice(0, i + 1).reduce((a, b) => a + b, 0)));

/** Fills an empty, migrated database. User 1 is an admin; user n's home project (n mod 5) makes them a member who can write. */
export async function seedBenchData(databaseUrl: string, shape: Omit<BenchShape, 'version'>): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const q = (sql: string, values: unknown[] = []) => db.query(sql, values);
  try {
    await q('begin');
    // The generated past notifies nobody: no activity jobs for the worker to grind through during the load.
    await q(`set local tracker.history = 'on'`);
    // Data versions are taken by deferred triggers; fired per statement here, the index rebuilds below
    // find no pending trigger events (and each project's version is still taken once: a tx-local flag).
    await q('set constraints all immediate');
    await q('select setseed(0.13)');
    const names = (locale: 'ru' | 'en', g: 'female' | 'male', part: 'first' | 'last') => PEOPLE[locale][g][part] as readonly string[];
    await q(
      `insert into users (name, email, password_hash, roles, locale, email_confirmed_at)
       select case when n % 5 < 3
                then case when n % 2 = 0 then ($3::text[])[1 + n % 7] || ' ' || ($4::text[])[1 + (n / 7) % 7] else ($5::text[])[1 + n % 7] || ' ' || ($6::text[])[1 + (n / 7) % 7] end
                else case when n % 2 = 0 then ($7::text[])[1 + n % 7] || ' ' || ($8::text[])[1 + (n / 7) % 7] else ($9::text[])[1 + n % 7] || ' ' || ($10::text[])[1 + (n / 7) % 7] end
              end,
              'user' || n || '@bench.tracker', $1, case when n = 1 then '{admin}'::text[] else '{}' end,
              case when n % 5 < 3 then 'ru' else 'en' end, now()
         from generate_series(1, $2::int) n order by n`,
      [await hashPassword(BENCH_PASSWORD), shape.users, names('ru', 'female', 'first'), names('ru', 'female', 'last'), names('ru', 'male', 'first'), names('ru', 'male', 'last'), names('en', 'female', 'first'), names('en', 'female', 'last'), names('en', 'male', 'first'), names('en', 'male', 'last')],
    );
    const col = <K extends keyof (typeof BENCH_PROJECTS)[number]>(k: K) => BENCH_PROJECTS.map((p) => p[k]);
    await q(
      `insert into projects (key, name, description, color, visibility, lead_id)
       select key, name, description, color, visibility, (select id from users order by id offset 1 + idx::int limit 1)
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) with ordinality as t(key, name, description, color, visibility, idx)
        order by idx`,
      [col('key'), col('name'), col('description'), col('color'), col('visibility')],
    );
    await q(`create temp table bp on commit drop as
      select p.id, (row_number() over (order by p.id) - 1)::int as idx, t.locale, t.share from projects p
        join unnest($1::text[], $2::text[], $3::float8[]) as t(key, locale, share) on t.key = p.key`, [col('key'), col('locale'), cumulative(PROJECT_SHARE)]);
    await q(`create temp table bu on commit drop as select id, (row_number() over (order by id))::int as n from users`);
    // The lead owns the project, the home project's people are members, others a mix of members and viewers.
    await q(`insert into project_members (project_id, user_id, role)
      select bp.id, bu.id, case when p.lead_id = bu.id then 'owner' when bu.n % 5 = bp.idx or (bu.n * 7 + bp.idx * 13) % 10 < 3 then 'member' else 'viewer' end
        from bp join projects p on p.id = bp.id cross join bu
       where p.lead_id = bu.id or bu.n % 5 = bp.idx or (bu.n * 7 + bp.idx * 13) % 10 < 5`);
    const statuses = DEFAULT_STATUSES;
    await q(`insert into statuses (project_id, name, category, color, position)
      select bp.id, case when bp.locale = 'en' then s.en else s.ru end, s.category, s.color, s.pos - 1
        from bp cross join unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as s(ru, en, category, color, pos)`,
      [statuses.map((s) => s.name.ru), statuses.map((s) => s.name.en), statuses.map((s) => s.category), statuses.map((s) => s.color)]);
    await q(`insert into labels (project_id, name, color)
      select bp.id, case when bp.locale = 'en' then l.en else l.ru end, l.color from bp cross join unnest($1::text[], $2::text[], $3::text[]) as l(ru, en, color)`,
      [DEFAULT_LABELS.map((l) => l.name.ru), DEFAULT_LABELS.map((l) => l.name.en), DEFAULT_LABELS.map((l) => l.color)]);
    await withoutSecondaryIndexes(q, ['issues', 'issue_search', 'comments', 'activities', 'issue_labels', 'issue_watchers'], () => generateIssues(q, shape.issues));
    // Cycles and milestones, as the demo workspace has them (issue 29).
    for (const statement of planStatements({ timeZone: DEFAULT_TIME_ZONE, milestones: DEMO_MILESTONES, englishKeys: BENCH_PROJECTS.filter((p) => p.locale === 'en').map((p) => p.key) })) {
      const compiled = statement.compile(compileOnly);
      await q(compiled.sql, [...compiled.parameters]);
    }
    await q('commit');
  } catch (err) {
    await q('rollback').catch(() => {});
    throw err;
  } finally {
    await db.end();
  }
}

type Query = (sql: string, values?: unknown[]) => Promise<{ rows: Record<string, string>[] }>;

/**
 * Runs a bulk load with the tables' secondary indexes (all but those of primary keys and unique
 * constraints) dropped and built again afterwards from their own definitions, whichever migrations
 * made them: one build per index is much faster than 100,000 row-by-row GIN insertions.
 */
async function withoutSecondaryIndexes(q: Query, tables: string[], load: () => Promise<void>) {
  const { rows } = await q(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) await q(`drop index ${r.name}`);
  await load();
  await q(`set local maintenance_work_mem = '256MB'`);
  for (const r of rows) await q(r.definition!);
}

async function generateIssues(q: Query, total: number) {
  const parts = (locale: 'ru' | 'en') => [TITLE_PARTS[locale].verbs, TITLE_PARTS[locale].objects, TITLE_PARTS[locale].tails, SENTENCES[locale]].map((a) => [...a]);
  // Per project: who may be assigned or report (owners and members), and its statuses in order.
  await q(`create temp table bw on commit drop as
    select bp.*, (select array_agg(user_id order by user_id) from project_members m where m.project_id = bp.id and m.role <> 'viewer') as writers,
           (select array_agg(id order by position) from statuses s where s.project_id = bp.id) as statuses
      from bp`);
  await q(`
    with g as (select n, random() as rp, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5 from generate_series(1, $1::int) n),
    rows as (
      select g.*, w.id as project_id, w.locale, w.writers, w.statuses,
             row_number() over (partition by w.id order by g.n) as number,
             now() - make_interval(secs => g.r4 * 365 * 86400) as created,
             (select count(*)::int + 1 from unnest($10::float8[]) c where c < g.r1) as status_index
        from g join lateral (select * from bw where bw.share >= g.rp order by bw.share limit 1) w on true
    )
    insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id,
                        start_date, due_date, estimate, sort_order, created_at, updated_at, completed_at)
    select r.project_id, r.number,
           case when r.locale = 'en'
             then ($6::text[])[1 + r.n % 10] || ' ' || ($7::text[])[1 + (r.n / 10) % 12] || ($8::text[])[1 + (r.n / 120) % 6]
             else ($2::text[])[1 + r.n % 10] || ' ' || ($3::text[])[1 + (r.n / 10) % 12] || ($4::text[])[1 + (r.n / 120) % 6]
           end,
           case when r.r5 < 0.2 then '' when r.locale = 'en'
             then ($9::text[])[1 + r.n % 8] || E'\n\n' || ($9::text[])[1 + (r.n / 8) % 8] || case when r.r5 > 0.6 then ' ' || ($9::text[])[1 + (r.n / 64) % 8] else '' end
             else ($5::text[])[1 + r.n % 8] || E'\n\n' || ($5::text[])[1 + (r.n / 8) % 8] || case when r.r5 > 0.6 then ' ' || ($5::text[])[1 + (r.n / 64) % 8] else '' end
           end,
           r.statuses[r.status_index],
           (select count(*)::int from unnest($11::float8[]) c where c < r.r2),
           case when r.r3 < 0.8 then r.writers[1 + floor(r.r3 * 1000)::int % array_length(r.writers, 1)] end,
           r.writers[1 + r.n % array_length(r.writers, 1)],
           case when r.r5 < 0.25 then current_date + (floor(r.r3 * 150)::int - 60) - (1 + r.n % 14) end,
           case when r.r5 < 0.45 then current_date + (floor(r.r3 * 150)::int - 60) end,
           case when r.r4 < 0.5 then 1 + r.n % 8 end,
           r.number::float8,
           r.created, r.created + (now() - r.created) * r.r5,
           case when r.status_index = $12::int then r.created + (now() - r.created) * r.r5 end
      from rows r`,
    [total, ...parts('ru'), ...parts('en'), STATUS_SHARE, PRIORITY_SHARE, DEFAULT_STATUSES.findIndex((s) => s.category === 'completed') + 1]);
  await q('update projects p set issue_counter = (select coalesce(max(number), 0) from issues i where i.project_id = p.id)');
  await q(`insert into issue_labels (issue_id, label_id)
    select i.id, l.id from issues i join labels l on l.project_id = i.project_id where (i.id * 31 + l.id * 17) % 10 < 3`);
  await q(`insert into issue_watchers (issue_id, user_id)
    select id, reporter_id from issues where reporter_id is not null
    union select id, assignee_id from issues where assignee_id is not null`);
  // 0–4 comments an issue, 1.5 on average, by the project's people, in its language.
  await q(`insert into comments (issue_id, author_id, body, created_at, updated_at)
    select i.id, w.writers[1 + (i.id + k) % array_length(w.writers, 1)],
           case when w.locale = 'en' then ($1::text[])[1 + (i.id + k) % $3::int] else ($2::text[])[1 + (i.id + k) % $4::int] end,
           least(now(), i.created_at + make_interval(hours => k * 9 + 1)), least(now(), i.created_at + make_interval(hours => k * 9 + 1))
      from issues i join bw w on w.id = i.project_id cross join generate_series(0, 3) k
     where (i.id * 7 + k * 3) % 8 < 3`, [[...COMMENTS.en], [...COMMENTS.ru], COMMENTS.en.length, COMMENTS.ru.length]);
  await q(`insert into activities (issue_id, project_id, actor_id, action, created_at)
    select id, project_id, reporter_id, 'created', created_at from issues`);
  await q(`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value, created_at)
    select i.id, i.project_id, coalesce(i.assignee_id, i.reporter_id), 'updated', 'statusId', to_jsonb(w.statuses[1]), to_jsonb(i.status_id), i.updated_at
      from issues i join bw w on w.id = i.project_id where i.status_id <> w.statuses[1]`);
}
