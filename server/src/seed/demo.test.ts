import type { EntityManager } from '@mikro-orm/postgresql';
import { blogListResponseSchema, blogPostResponseSchema } from '@tracker/shared/api/blog';
import { usersResponseSchema } from '@tracker/shared/api/common';
import { issueResponseSchema } from '@tracker/shared/api/issues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LABELS, DEFAULT_STATUSES } from '../modules/projects/default-workflow.ts';
import { createTestServer, type TestServer, type TestClient } from '../test/harness.ts';
import { DEMO_POSTS } from './demo-blog-data.ts';
import { DEMO_PASSWORD, DEMO_PROJECTS, DEMO_USERS } from './demo-data.ts';
import { seedDemo } from './demo.ts';
import { placeholderExamples } from './placeholder-examples.ts';

let t: TestServer;
let ivan: TestClient;
const em = () => t.orm.em.fork() as unknown as EntityManager;

beforeAll(async () => {
  t = await createTestServer();
  expect(await seedDemo(em(), { issues: 300 })).toEqual({ users: DEMO_USERS.length, issues: 300 });
  ivan = t.client();
  expect((await ivan.post('/api/auth/login', { email: 'ivan@demo.tracker', password: DEMO_PASSWORD })).status).toBe(200);
});
afterAll(() => t.close());

const CYRILLIC = /[а-яё]/i;

describe('demo workspace', () => {
  it('fills an empty database consistently, and refuses a second run', async () => {
    const counters = await t.sql<{ key: string; issue_counter: number; max: number; n: number }>(
      'select p.key, p.issue_counter, max(i.number)::int as max, count(*)::int as n from projects p join issues i on i.project_id = p.id group by p.id order by p.key',
    );
    expect(counters).toHaveLength(3);
    for (const c of counters) expect([c.issue_counter, c.max]).toEqual([c.n, c.n]);

    const [{ comments, activity, streams }] = (await t.sql(
      'select (select count(*)::int from comments) as comments, (select count(*)::int from activities) as activity, (select count(*)::int from streams) as streams',
    )) as [{ comments: number; activity: number; streams: number }];
    expect(comments).toBeGreaterThan(100);
    expect(activity).toBeGreaterThanOrEqual(300);
    expect(streams).toBe(4);

    const login = await t.client().post('/api/auth/login', { email: DEMO_USERS[0].email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user.roles).toContain('admin');

    await expect(seedDemo(em(), { issues: 10 })).rejects.toThrow(/empty workspace/);
  });

  it('plans in two-week cycles: the current one holds open work, ended ones what was completed in them, and each project has milestones', async () => {
    const rows = await t.sql<{ key: string; cycles: number; current_scope: number; ended_with_issues: number; milestones: number; in_milestones: number }>(
      `select p.key, count(distinct c.id)::int as cycles,
              (select count(*)::int from issues i join cycles cc on cc.id = i.cycle_id where cc.project_id = p.id and cc.rolled_over_at is null and cc.starts_on <= (now() at time zone cc.time_zone)::date) as current_scope,
              (select count(distinct i.cycle_id)::int from issues i join cycles cc on cc.id = i.cycle_id where cc.project_id = p.id and cc.rolled_over_at is not null) as ended_with_issues,
              (select count(*)::int from milestones m where m.project_id = p.id) as milestones,
              (select count(*)::int from issues i where i.project_id = p.id and i.milestone_id is not null) as in_milestones
         from projects p join cycles c on c.project_id = p.id group by p.id order by p.key`,
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toMatchObject({ cycles: 9, milestones: 3 });
      expect(r.current_scope).toBeGreaterThan(0);
      expect(r.ended_with_issues).toBeGreaterThan(0);
      expect(r.in_milestones).toBeGreaterThan(0);
    }
    const [current] = await t.sql<{ id: number }>(`select id from cycles where rolled_over_at is null order by starts_on, id limit 1`);
    const page = await ivan.get(`/api/cycles/${current!.id}`);
    expect(page.status).toBe(200);
    expect(page.body.cycle.burndown.at(-1)).toMatchObject({ scope: page.body.cycle.scope, completed: page.body.cycle.completed });
    expect(page.body.cycle.velocity.cycles.length).toBeGreaterThan(0);
  });

  it('notifies nobody of its past: no activity job queued, none run into an inbox', async () => {
    // A queued job would be in the table, a run one would have filled an inbox: neither may exist.
    // A due reminder is about today, not the past: the scan that sends it runs at each user's local
    // hour, so it may meet the seeded due dates whenever this runs (CI at 06:00 UTC is 09:00 in Moscow).
    const [{ jobs, inbox }] = (await t.sql(
      `select (select count(*)::int from graphile_worker.jobs where task_identifier = 'telegram.activity') as jobs, (select count(*)::int from inbox_items where kind <> 'dueTomorrow') as inbox`,
    )) as [{ jobs: number; inbox: number }];
    expect({ jobs, inbox }).toEqual({ jobs: 0, inbox: 0 });
  });

  it('has sub-issues one level deep, inside their parent’s project, in every project', async () => {
    const rows = await t.sql<{ key: string; children: number; parents: number; foreign: number; nested: number }>(
      `select p.key, count(c.id)::int as children, count(distinct c.parent_id)::int as parents,
              count(*) filter (where par.project_id <> c.project_id)::int as foreign,
              count(*) filter (where par.parent_id is not null)::int as nested
         from projects p join issues c on c.project_id = p.id and c.parent_id is not null join issues par on par.id = c.parent_id
        group by p.key order by p.key`,
    );
    expect(rows.map((r) => r.key)).toEqual(['MOB', 'OPS', 'WEB']);
    for (const r of rows) {
      expect(r.parents, r.key).toBeGreaterThanOrEqual(3);
      expect(r.children, r.key).toBe(r.parents * 3);
      expect([r.foreign, r.nested], r.key).toEqual([0, 0]);
    }
    const { issue } = issueResponseSchema.parse((await ivan.get('/api/issues/WEB-1')).body);
    expect(issue.children.map((c) => c.key)).toEqual(['WEB-2', 'WEB-3', 'WEB-4']);
    expect(issueResponseSchema.parse((await ivan.get('/api/issues/WEB-3')).body).issue.parent?.key).toBe('WEB-1');
  });

  it('relates issues in every way the schema knows, both sides shown, and across projects', async () => {
    const types = await t.sql<{ type: string; n: number }>('select type, count(*)::int as n from issue_relations group by type order by type');
    expect(types.map((r) => r.type)).toEqual(['blocks', 'duplicates', 'relates']);
    for (const r of types) expect(r.n, r.type).toBeGreaterThanOrEqual(3);

    const relationsOf = async (key: string) =>
      issueResponseSchema.parse((await ivan.get(`/api/issues/${key}`)).body).issue.relations.map((r) => `${r.type} ${r.issue.key}`).sort();
    expect(await relationsOf('WEB-5')).toEqual(['blocks WEB-6']);
    expect(await relationsOf('WEB-6')).toEqual(['blocked_by WEB-5']);
    expect(await relationsOf('OPS-17')).toEqual(['duplicates OPS-11']);
    expect(await relationsOf('OPS-11')).toEqual(['duplicated_by OPS-17']);
    expect(await relationsOf('MOB-8')).toEqual(['relates MOB-9']);
    expect(await relationsOf('WEB-25')).toContain('relates MOB-25');
  });

  it('names statuses and labels in each project’s own language, never mixed', async () => {
    for (const p of DEMO_PROJECTS) {
      const statuses = await t.sql<{ name: string }>('select s.name from statuses s join projects p on p.id = s.project_id where p.key = ? order by s.position', [p.key]);
      expect(statuses.map((s) => s.name), p.key).toEqual(DEFAULT_STATUSES.map((s) => s.name[p.locale]));
      const labels = await t.sql<{ name: string }>('select l.name from labels l join projects p on p.id = l.project_id where p.key = ? order by l.id', [p.key]);
      expect(labels.map((l) => l.name), p.key).toEqual(DEFAULT_LABELS.map((l) => l.name[p.locale]));
      for (const name of [...statuses, ...labels].map((r) => r.name)) expect(CYRILLIC.test(name), `${p.key}: ${name}`).toBe(p.locale === 'ru');
    }
  });

  it('has every #label and @person of the quick-add placeholders in the projects of that language', async () => {
    for (const p of DEMO_PROJECTS) {
      const labels = (await t.sql<{ name: string }>('select lower(l.name) as name from labels l join projects p on p.id = l.project_id where p.key = ?', [p.key])).map((l) => l.name);
      for (const { text, parsed } of await placeholderExamples(p.locale)) {
        expect(parsed.labels.length, text).toBeGreaterThan(0);
        for (const label of parsed.labels) expect(labels, `${p.key}: ${text}`).toContain(label.toLowerCase());
        // The people picker the quick add asks finds the handle, and that person may be assigned here.
        const found = usersResponseSchema.parse((await ivan.get(`/api/users?q=${parsed.assignee}&limit=10`)).body).users;
        expect(found.map((u) => u.name), text).toContain('Иван Петров');
        const [member] = await t.sql('select 1 from project_members m join projects p on p.id = m.project_id where p.key = ? and m.user_id = ?', [p.key, found[0]!.id]);
        expect(member, `${p.key}: ${text}`).toBeDefined();
      }
    }
  });

  it('publishes three blog posts, each in Russian and English, with a code block and a table', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const list = blogListResponseSchema.parse((await t.client().get(`/api/blog/posts?lang=${lang}`)).body);
      expect(list.posts.map((p) => p.slug).sort()).toEqual(DEMO_POSTS.map((p) => p.slug).sort());
      for (const summary of list.posts) {
        const { post } = blogPostResponseSchema.parse((await t.client().get(`/api/blog/posts/${summary.slug}?lang=${lang}`)).body);
        expect(post.locales.sort(), post.slug).toEqual(['en', 'ru']);
        expect(CYRILLIC.test(post.title), `${lang}: ${post.title}`).toBe(lang === 'ru');
        expect(post.html, post.slug).toContain('<table>');
        expect(post.html, post.slug).toMatch(/<pre><code[^>]*>/);
        expect(post.author, post.slug).not.toBeNull();
        expect(Date.parse(post.publishedAt)).toBeLessThan(Date.now());
      }
    }
  });
});
