import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../modules/users/user.service.ts';
import { DEFAULT_LABELS, DEFAULT_STATUSES } from '../modules/projects/default-workflow.ts';
import { seedBlog } from './demo-blog.ts';
import { COMMENTS, DEMO_PASSWORD, DEMO_PROJECTS, DEMO_STREAMS, DEMO_USERS, TITLE_PARTS } from './demo-data.ts';
import { linkIssues } from './demo-links.ts';

export class WorkspaceNotEmptyError extends Error {
  constructor() {
    super('The database already has projects: the demo fills an empty workspace only.');
  }
}

/** Empties every table but the migrations' record (the schema stays): all users, sessions and data go. */
export async function eraseWorkspace(em: EntityManager): Promise<void> {
  const tables = await em.execute<{ name: string }[]>(
    "select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() and tablename <> 'mikro_orm_migrations'",
  );
  if (tables.length) await em.execute(`truncate table ${tables.map((t) => t.name).join(', ')} restart identity cascade`);
}

const sqlArray = (items: readonly string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Fills an empty database with a believable workspace. Issues, comments and history are generated
 * inside PostgreSQL (generate_series), so 100,000 issues take seconds, not minutes.
 */
export async function seedDemo(em: EntityManager, options: { issues: number }): Promise<{ users: number; issues: number }> {
  const [{ n }] = (await em.execute<{ n: number }[]>('select count(*)::int as n from projects')) as [{ n: number }];
  if (n > 0) throw new WorkspaceNotEmptyError();

  const result = await em.transactional(async (tx) => {
    // The demo's past notifies nobody (migration quiet_history): no backlog of activity jobs.
    await tx.execute(`set local tracker.history = 'on'`);
    await tx.execute('select setseed(0.42)');
    const hash = await hashPassword(DEMO_PASSWORD);
    const userIds: number[] = [];
    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx.execute<{ id: number }[]>(
        `insert into users (name, email, password_hash, roles, locale) values (?, ?, ?, ?, ?) on conflict ((lower(email))) do update set name = excluded.name returning id`,
        [u.name, u.email, hash, i === 0 ? '{admin}' : '{}', u.locale],
      );
      userIds.push(row!.id);
    }
    const users = `array[${userIds.join(',')}]`;

    for (const [pi, p] of DEMO_PROJECTS.entries()) {
      const [project] = await tx.execute<{ id: number }[]>(
        `insert into projects (key, name, description, color, lead_id, visibility) values (?, ?, ?, ?, ?, ?) returning id`,
        [p.key, p.name, p.description, p.color, userIds[pi], pi === 2 ? 'all' : 'members'],
      );
      const projectId = project!.id;
      for (const [ui, uid] of userIds.entries()) {
        const role = ui === pi ? 'owner' : ui === userIds.length - 1 ? 'viewer' : 'member';
        await tx.execute('insert into project_members (project_id, user_id, role) values (?, ?, ?)', [projectId, uid, role]);
      }
      for (const [si, s] of DEFAULT_STATUSES.entries()) {
        await tx.execute('insert into statuses (project_id, name, category, color, position) values (?, ?, ?, ?, ?)', [projectId, s.name[p.locale], s.category, s.color, si]);
      }
      for (const l of DEFAULT_LABELS) await tx.execute('insert into labels (project_id, name, color) values (?, ?, ?)', [projectId, l.name[p.locale], l.color]);
    }

    for (const s of DEMO_STREAMS) {
      const [stream] = await tx.execute<{ id: number }[]>(
        `insert into streams (name, status, lead_id, start_date, target_date, created_by) values (?, ?, ?, current_date - 20, current_date + 40, ?) returning id`,
        [s.name, s.status, userIds[0], userIds[0]],
      );
      await tx.execute(`insert into stream_members (stream_id, user_id) select ?, unnest(${users}::int[])`, [stream!.id]);
      await tx.execute('insert into stream_updates (stream_id, author_id, body, health, created_at) values (?, ?, ?, ?, now() - interval \'2 days\')', [stream!.id, userIds[1], s.update, s.health]);
    }

    const [component] = await tx.execute<{ id: number }[]>(`insert into custom_fields (type, name_ru, name_en, description_ru, description_en, position) values ('select', 'Компонент', 'Component', 'Часть продукта', 'Part of the product', 0) returning id`);
    for (const [i, o] of ['Backend', 'Frontend', 'Mobile', 'Infra'].entries()) {
      await tx.execute('insert into custom_field_options (field_id, name, color, position) values (?, ?, ?, ?)', [component!.id, o, ['#6366f1', '#0ea5e9', '#10b981', '#f59e0b'][i], i]);
    }
    await tx.execute(`insert into custom_fields (type, name_ru, name_en, position) values ('number', 'Стори-пойнты', 'Story points', 1), ('checkbox', 'Нужна проверка QA', 'Needs QA', 2)`);

    await generateIssues(tx, options.issues, users);
    await linkIssues(tx);
    await seedBlog(tx, userIds);
    const [{ count }] = (await tx.execute<{ count: number }[]>('select count(*)::int as count from issues')) as [{ count: number }];
    return { users: userIds.length, issues: count };
  });
  // Outside the transaction: flush the full-text indexes' pending lists and refresh statistics,
  // so the first searches on fresh data use the indexes at full speed.
  await em.execute('vacuum analyze');
  return result;
}

async function generateIssues(tx: EntityManager, total: number, users: string) {
  const ru = TITLE_PARTS.ru;
  const en = TITLE_PARTS.en;
  // Titles are composed from word lists by position, so every issue is readable and varied.
  await tx.execute(`
    with p as (select id, key, row_number() over (order by id) - 1 as idx from projects),
    g as (select s as n, (s % 3) as pidx from generate_series(1, ?) s),
    rows as (
      select g.n, p.id as project_id, p.idx,
             row_number() over (partition by p.id order by g.n) as number,
             random() as r1, random() as r2, random() as r3, random() as r4
        from g join p on p.idx = g.pidx
    )
    insert into issues (project_id, number, title, description, status_id, priority, assignee_id, reporter_id,
                        start_date, due_date, estimate, sort_order, custom_values, created_at, updated_at, completed_at)
    select r.project_id, r.number,
           case when r.idx = 2
             then (${sqlArray(en.verbs)})[1 + (r.n % ${en.verbs.length})] || ' ' || (${sqlArray(en.objects)})[1 + ((r.n / 7) % ${en.objects.length})] || (${sqlArray(en.tails)})[1 + ((r.n / 3) % ${en.tails.length})]
             else (${sqlArray(ru.verbs)})[1 + (r.n % ${ru.verbs.length})] || ' ' || (${sqlArray(ru.objects)})[1 + ((r.n / 7) % ${ru.objects.length})] || (${sqlArray(ru.tails)})[1 + ((r.n / 3) % ${ru.tails.length})]
           end,
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
      ) s on true`, [total]);
  await tx.execute('update projects p set issue_counter = (select coalesce(max(number), 0) from issues i where i.project_id = p.id)');
  await tx.execute(`insert into issue_labels (issue_id, label_id)
    select i.id, l.id from issues i join lateral (select id from labels l where l.project_id = i.project_id order by id offset (i.id % 3) limit 1) l on true where i.id % 5 < 3`);
  await tx.execute(`insert into issue_streams (issue_id, stream_id)
    select i.id, s.id from issues i join lateral (select id from streams order by id offset (i.id % 4) limit 1) s on true where i.id % 10 < 2`);
  await tx.execute(`insert into issue_watchers (issue_id, user_id) select id, reporter_id from issues where reporter_id is not null`);
  await tx.execute(`insert into comments (issue_id, author_id, body, created_at, updated_at)
    select i.id, (${users})[1 + ((i.id + k) % array_length(${users}, 1))],
           case when p.key = 'OPS' then (${sqlArray(COMMENTS.en)})[1 + ((i.id + k) % ${COMMENTS.en.length})] else (${sqlArray(COMMENTS.ru)})[1 + ((i.id + k) % ${COMMENTS.ru.length})] end,
           i.created_at + make_interval(hours => k + 1), i.created_at + make_interval(hours => k + 1)
      from issues i join projects p on p.id = i.project_id cross join generate_series(0, 2) k
     where (i.id + k) % 4 = 0`);
  await tx.execute(`insert into activities (issue_id, project_id, actor_id, action, created_at)
    select id, project_id, reporter_id, 'created', created_at from issues`);
  await tx.execute(`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value, created_at)
    select i.id, i.project_id, i.assignee_id, 'updated', 'statusId', to_jsonb(first.id), to_jsonb(i.status_id), i.updated_at
      from issues i join lateral (select id from statuses where project_id = i.project_id order by position limit 1) first on true
     where first.id <> i.status_id`);
}
