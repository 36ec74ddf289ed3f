import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueListResponseSchema, type IssueListItem } from '@tracker/shared/api/issues';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { addMember, createIssue, createProject, signUp, type TestUser } from '../projects/test-fixtures.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let project: Awaited<ReturnType<typeof createProject>>;
let hidden: Awaited<ReturnType<typeof createProject>>;
const statusOf = (category: string) => project.statuses.find((s) => s.category === category)!.id;

/** Every SQL statement the server runs while `counting` is on, with parameters inlined. */
const queries: string[] = [];
let counting = false;

beforeAll(async () => {
  t = await createTestServer();
  const logger = t.orm.config.getLogger();
  logger.setDebugMode(['query', 'query-params']);
  logger.logQuery = (context: { query: string; formatted?: string }) => {
    if (counting) queries.push(context.formatted ?? context.query);
  };
  owner = await signUp(t, { name: 'Owner' });
  member = await signUp(t, { name: 'Member' });
  const stranger = await signUp(t);
  project = await createProject(owner);
  hidden = await createProject(stranger);
  await addMember(owner, project.project.id, member, 'member');
  await createIssue(stranger, hidden.project.id, { title: 'Secret' });
  const [bug, feature] = project.labels;
  for (let n = 0; n < 60; n++) {
    await createIssue(owner, project.project.id, {
      title: `Task ${String(n).padStart(2, '0')}`,
      priority: ['none', 'urgent', 'high', 'medium', 'low'][n % 5],
      assigneeId: n % 3 === 0 ? member.id : n % 3 === 1 ? owner.id : null,
      labelIds: n % 4 === 0 ? [bug!.id] : n % 4 === 1 ? [feature!.id] : [],
      dueDate: n % 2 ? `2026-12-${String((n % 28) + 1).padStart(2, '0')}` : null,
      statusId: n % 6 === 0 ? statusOf('started') : undefined,
    });
  }
  // Ties: half of the issues share one updated_at, so pages must break ties by id.
  await t.sql(`update issues set updated_at = '2026-01-01T00:00:00Z' where project_id = ? and number % 2 = 0`, [project.project.id]);
});
afterAll(() => t.close());

async function list(user: TestUser, query: string) {
  const res = await user.client.get(`/api/issues?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return issueListResponseSchema.parse(res.body);
}

async function walk(user: TestUser, query: string): Promise<IssueListItem[]> {
  const all: IssueListItem[] = [];
  let cursor: string | null = null;
  do {
    const page: { issues: IssueListItem[]; nextCursor: string | null } = await list(user, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.issues);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

describe('issue list', () => {
  it('shows only issues of visible projects, with labels, streams, comment count and assignee', async () => {
    const all = await walk(owner, 'limit=200');
    expect(all).toHaveLength(60);
    expect(all.some((i) => i.title === 'Secret')).toBe(false);
    const first = all.find((i) => i.title === 'Task 00')!;
    expect(first).toMatchObject({ labelIds: [project.labels[0]!.id], streamIds: [], commentCount: 0, assignee: { id: member.id, name: 'Member' }, priority: 'none' });
  });

  it('filters by project key, status, category, assignee (me/none), label, priority, due range and text', async () => {
    const key = project.project.key;
    const titles = async (q: string) => (await walk(member, q)).map((i) => Number(i.title.slice(5))).sort((a, b) => a - b);
    const upTo60 = Array.from({ length: 60 }, (_, n) => n);
    expect(await titles(`project=${key}&limit=200`)).toEqual(upTo60);
    expect(await titles(`status=${statusOf('started')}`)).toEqual(upTo60.filter((n) => n % 6 === 0));
    expect(await titles('category=started,completed')).toEqual(upTo60.filter((n) => n % 6 === 0));
    expect(await titles('assignee=me')).toEqual(upTo60.filter((n) => n % 3 === 0));
    expect(await titles('assignee=none')).toEqual(upTo60.filter((n) => n % 3 === 2));
    expect(await titles(`assignee=me,${owner.id}`)).toEqual(upTo60.filter((n) => n % 3 !== 2));
    expect(await titles(`label=${project.labels[0]!.id},${project.labels[1]!.id}`)).toEqual(upTo60.filter((n) => n % 4 < 2));
    expect(await titles('priority=urgent,high')).toEqual(upTo60.filter((n) => n % 5 === 1 || n % 5 === 2));
    expect(await titles('dueFrom=2026-12-02&dueTo=2026-12-04')).toEqual(upTo60.filter((n) => n % 2 && (n % 28) + 1 >= 2 && (n % 28) + 1 <= 4));
    expect(await titles('q=Task 07')).toEqual([7]);
    expect(await titles(`project=${hidden.project.key}`)).toEqual([]);
  });

  it('filters by custom field values in the jsonb column', async () => {
    const [a, b] = (await walk(owner, 'limit=2')).slice(0, 2);
    await t.sql(`update issues set custom_values = '{"7": 3, "8": [5, 6], "9": true}' where id = ?`, [a!.id]);
    await t.sql(`update issues set custom_values = '{"7": 4, "8": [6]}' where id = ?`, [b!.id]);
    expect((await list(owner, 'cf.7=3')).issues.map((i) => i.id)).toEqual([a!.id]);
    expect((await list(owner, 'cf.8=6')).issues.map((i) => i.id).sort()).toEqual([a!.id, b!.id].sort());
    expect((await list(owner, 'cf.9=true')).issues.map((i) => i.id)).toEqual([a!.id]);
    expect((await list(owner, 'sort=cf.7&order=desc&limit=2')).issues.map((i) => i.id)).toEqual([b!.id, a!.id]);
  });

  for (const sort of ['updated', 'created', 'priority', 'due', 'title', 'key'] as const) {
    for (const order of ['asc', 'desc'] as const) {
      it(`walks every page sorted by ${sort} ${order} without duplicates or gaps`, async () => {
        const whole = (await list(owner, `sort=${sort}&order=${order}&limit=200`)).issues;
        const paged = await walk(owner, `sort=${sort}&order=${order}&limit=7`);
        expect(paged.map((i) => i.id)).toEqual(whole.map((i) => i.id));
        expect(new Set(paged.map((i) => i.id)).size).toBe(60);
        if (sort === 'due') expect(paged.slice(-30).every((i) => i.dueDate === null)).toBe(true);
      });
    }
  }

  it('sorts by priority as Linear does: most urgent first when descending, no priority last both ways', async () => {
    const ranks = { desc: ['urgent', 'high', 'medium', 'low', 'none'], asc: ['low', 'medium', 'high', 'urgent', 'none'] } as const;
    for (const order of ['desc', 'asc'] as const) {
      const paged = await walk(owner, `sort=priority&order=${order}&limit=5`);
      const rank = (i: IssueListItem) => (ranks[order] as readonly string[]).indexOf(i.priority);
      // Ties keep the keyset tiebreak: id in the list's direction.
      const expected = [...paged].sort((a, b) => rank(a) - rank(b) || (order === 'asc' ? a.id - b.id : b.id - a.id));
      expect(paged.map((i) => i.id)).toEqual(expected.map((i) => i.id));
      expect(new Set(paged.map((i) => i.id)).size).toBe(60);
      expect(paged.map((i) => i.priority).filter((p, n, all) => p !== all[n - 1])).toEqual(ranks[order]);
    }
  });

  it('refuses a cursor made for another sort or order, or forged, as invalid_cursor in the reader\'s language', async () => {
    const { nextCursor } = await list(owner, 'sort=updated&limit=5');
    const [payload, signature] = nextCursor!.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { id: number };
    const forged = `${Buffer.from(JSON.stringify({ ...decoded, id: decoded.id + 1 })).toString('base64url')}.${signature}`;
    const keyCursor = (await list(owner, `project=${project.project.key}&sort=key&limit=5`)).nextCursor!;
    const refused = [
      `sort=title&cursor=${nextCursor}`,
      `sort=updated&order=asc&cursor=${nextCursor}`,
      `sort=updated&cursor=${forged}`,
      `sort=updated&cursor=${payload}`,
      'cursor=garbage',
      // The same sort across all projects has one more key (the project's key) than within one.
      `sort=key&cursor=${keyCursor}`,
    ];
    for (const query of refused) {
      const res = await owner.client.get(`/api/issues?${query}`);
      expect(res.body, query).toMatchObject({ statusCode: 400, statusMessage: 'Эта страница списка устарела: откройте список сначала', data: { code: 'invalid_cursor' } });
    }
    expect((await list(owner, `sort=updated&cursor=${nextCursor}`)).issues).toHaveLength(50);
  });

  it('counts each group of a filtered list whatever page is loaded, keyed as the web app groups', async () => {
    const counts = async (user: TestUser, query: string) => {
      const res = await user.client.get(`/api/issues/counts?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Object.fromEntries((res.body as { counts: { key: string; count: number }[] }).counts.map((c) => [c.key, c.count]));
    };
    const key = project.project.key;
    // 60 issues, priorities cycling none, urgent, high, medium, low: 12 of each.
    expect(await counts(owner, `project=${key}&group=priority`)).toEqual({ none: 12, urgent: 12, high: 12, medium: 12, low: 12 });
    // Assignee cycles member, owner, nobody; with a priority filter the counts follow it.
    expect(await counts(member, `project=${key}&priority=urgent&group=assignee`)).toEqual({ [`u${member.id}`]: 4, [`u${owner.id}`]: 4, none: 4 });
    const byStatus = await counts(owner, `group=status`);
    expect(byStatus[`s${statusOf('started')}`]).toBe(10);
    expect(Object.values(byStatus).reduce((a, b) => a + b, 0)).toBe(60); // the stranger's project is not counted
    expect(await counts(owner, `group=category&category=started`)).toEqual({ cstarted: 10 });
    expect(await counts(owner, `group=project`)).toEqual({ [`p${project.project.id}`]: 60 });
    const refused = await owner.client.get('/api/issues/counts?group=colour');
    expect(refused.body).toMatchObject({ statusCode: 400, data: { code: 'validation' } });
  });

  it('refuses a page size above 200', async () => {
    const res = await owner.client.get('/api/issues?limit=201');
    expect(res.body).toMatchObject({ statusCode: 400, data: { code: 'validation' } });
    expect((await list(owner, 'limit=200')).issues).toHaveLength(60);
  });

  it('runs the same fixed number of SQL queries for page sizes 5 and 50', async () => {
    const counts: number[] = [];
    for (const limit of [5, 50]) {
      queries.length = 0;
      t.app.services.responseCache.clear();
      counting = true;
      const page = await list(owner, `project=${project.project.key}&limit=${limit}`);
      counting = false;
      expect(page.issues).toHaveLength(limit);
      counts.push(queries.length);
    }
    expect(counts[0]).toBe(counts[1]);
    // Session, current user, the project's access with its data version (the ETag), and the list itself.
    expect(counts[0]).toBeLessThanOrEqual(4);
  });

  it('serves the main list query from issues_project_status_updated on a few thousand rows', async () => {
    await t.sql(
      `insert into issues (project_id, number, title, status_id, sort_order, updated_at)
       select ?, 1000 + g, 'Generated ' || g, (select id from statuses where project_id = ? order by position offset (g % 6) limit 1), g,
              now() - make_interval(secs => g)
         from generate_series(1, 5000) g`,
      [project.project.id, project.project.id],
    );
    // Other projects' issues interleave in time, as in a real workspace.
    await t.sql(
      `insert into issues (project_id, number, title, status_id, sort_order, updated_at)
       select ?, 1000 + g, 'Other ' || g, (select id from statuses where project_id = ? order by position offset (g % 6) limit 1), g,
              now() - make_interval(secs => g)
         from generate_series(1, 20000) g`,
      [hidden.project.id, hidden.project.id],
    );
    await t.sql('analyze issues');
    queries.length = 0;
    counting = true;
    await list(owner, `project=${project.project.id}&status=${statusOf('started')}&sort=updated&limit=50`);
    counting = false;
    const listSql = queries.find((q) => q.includes("from issues i"))!;
    const plan = (await t.sql<{ 'QUERY PLAN': string }>(`explain analyze ${listSql}`)).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('issues_project_status_updated');
    expect(plan).not.toMatch(/Seq Scan on issues/);
  });
});
