// The import job's writing step fed ImportRecords directly (as every format's parser makes them):
// comments with authors and dates, parents, custom fields by name, completion, and re-import.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportRecord } from '@tracker/shared/api/import-record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { buildPlan } from './import-plan.ts';
import { reserveNumbers } from './import.job.ts';
import { writeImport } from './import-writer.ts';

let t: TestServer;
let owner: TestUser;
let author: TestUser;
let project: TestProject;

beforeAll(async () => {
  t = await createTestServer();
  owner = await createUser(t);
  author = await createUser(t, { name: 'Anna Author' });
  project = await createProject(t, { ownerId: owner.id, members: [{ userId: author.id, role: 'member' }] });
  const res = await (await createUser(t, { admin: true })).client.post('/api/admin/custom-fields', { name: { ru: 'Окружение', en: 'Environment' }, type: 'select', options: [{ name: 'Prod' }, { name: 'Stage' }] });
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

const em = () => t.orm.em.fork() as unknown as EntityManager;

async function run(records: ImportRecord[], catalog?: unknown) {
  const [row] = await t.sql<{ id: number }>(`insert into imports (project_id, user_id, format, status) values (?, ?, 'github', 'running') returning id`, [project.id, owner.id]);
  const plan = await buildPlan(em(), { projectId: project.id, format: 'github', parsed: { records, problems: [], ...(catalog ? { catalog } : {}) } as never, userMapping: {} });
  const progress: number[] = [];
  const seenOutside: number[] = [];
  const before = await issueCount();
  const report = await writeImport(em(), plan, {
    importId: row!.id,
    projectId: project.id,
    actorId: owner.id,
    format: 'github',
    reserveNumbers: (count) => reserveNumbers(em(), project.id, count),
    progress: async (done) => {
      progress.push(done);
      // Another connection, as the page's poll: the import's issues are not there until it commits.
      seenOutside.push((await issueCount()) - before);
    },
  });
  return { report, progress, seenOutside };
}

const issueCount = async () => (await t.sql<{ n: number }>('select count(*)::int as n from issues where project_id = ?', [project.id]))[0]!.n;

const records = (authorEmail: string): ImportRecord[] => [
  {
    externalId: '1',
    row: 1,
    title: 'Parent',
    status: { name: 'Closed', category: 'completed' },
    reporter: { email: authorEmail.toUpperCase() },
    createdAt: '2025-01-02T03:04:05.000Z',
    completedAt: '2025-02-01T00:00:00.000Z',
    fields: { environment: 'stage', Missing: 'x' },
    comments: [
      { externalId: 'c1', author: { email: authorEmail }, body: 'First', createdAt: '2025-01-03T00:00:00.000Z' },
      { author: { name: 'Nobody Known' }, body: 'Second', createdAt: '2025-01-04T00:00:00.000Z' },
    ],
  },
  { externalId: '2', row: 2, title: 'Child', parentExternalId: '1', labels: [{ name: 'bug' }] },
  { externalId: '3', row: 3, title: 'Orphan', parentExternalId: '99' },
];

describe('writing ImportRecords', () => {
  it('keeps comments with authors and dates, dates, completion, parents and custom fields by name', async () => {
    const { report } = await run(records(author.email));
    expect(report).toMatchObject({ created: 3, updated: 0, unmatchedUsers: ['Nobody Known'], createdStatuses: ['Closed'] });
    expect(report.notes).toEqual([
      { row: 1, reason: 'unknownField', values: { field: 'Missing' } },
      { row: 3, reason: 'unknownParent', values: { id: '99' } },
    ]);
    const issues = await t.sql<{ id: number; title: string; reporter_id: number; created_at: Date; completed_at: Date | null; parent_id: number | null; custom_values: Record<string, number> }>(
      'select id, title, reporter_id, created_at, completed_at, parent_id, custom_values from issues where project_id = ? order by number',
      [project.id],
    );
    const [parent, child, orphan] = issues;
    expect(parent).toMatchObject({ reporter_id: author.id, parent_id: null });
    expect(new Date(parent!.created_at).toISOString()).toBe('2025-01-02T03:04:05.000Z');
    expect(new Date(parent!.completed_at!).toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(Object.values(parent!.custom_values)).toHaveLength(1);
    // The record names no reporter, so the issue has none (the importer stands in only for a named one without an account).
    expect(child).toMatchObject({ parent_id: parent!.id, reporter_id: null, completed_at: null });
    expect(orphan!.parent_id).toBeNull();
    const comments = await t.sql<{ author_id: number | null; body: string; created_at: Date }>('select author_id, body, created_at from comments where issue_id = ? order by id', [parent!.id]);
    expect(comments.map((c) => [c.author_id, c.body, new Date(c.created_at).toISOString()])).toEqual([
      [author.id, 'First', '2025-01-03T00:00:00.000Z'],
      [null, 'Second', '2025-01-04T00:00:00.000Z'],
    ]);
  });

  it('adds only new comments on re-import, and updates the issues', async () => {
    const again = records(author.email);
    again[0]!.title = 'Parent (renamed)';
    again[0]!.comments!.push({ externalId: 'c3', author: { email: author.email }, body: 'Third', createdAt: '2025-01-05T00:00:00.000Z' });
    const { report } = await run(again);
    expect(report).toMatchObject({ created: 0, updated: 3 });
    const [parent] = await t.sql<{ id: number; title: string }>('select id, title from issues where project_id = ? order by number limit 1', [project.id]);
    expect(parent!.title).toBe('Parent (renamed)');
    const bodies = await t.sql<{ body: string }>('select body from comments where issue_id = ? order by id', [parent!.id]);
    expect(bodies.map((b) => b.body)).toEqual(['First', 'Second', 'Third']);
    expect((await t.sql('select id from issues where project_id = ?', [project.id])).length).toBe(3);
  });

  it('reports progress every batch, while nothing of it is visible outside its transaction', async () => {
    const many: ImportRecord[] = Array.from({ length: 450 }, (_, i) => ({ externalId: `m${i}`, row: i + 1, title: `Many ${i}` }));
    const before = await issueCount();
    const { progress, report, seenOutside } = await run(many);
    expect(report.created).toBe(450);
    expect(progress).toEqual([200, 400, 450]);
    expect(seenOutside).toEqual([0, 0, 0]);
    expect((await issueCount()) - before).toBe(450);
  });

  it('creates a catalog\'s statuses in order and its labels, used or not, with their colours', async () => {
    const catalog = {
      statuses: [
        { name: 'Shipped', category: 'completed', color: '#00AA00', position: 2 },
        { name: 'Packing', category: 'started', color: '#aa5500', position: 1 },
      ],
      labels: [{ name: 'fragile', color: '#ff0000' }, { name: 'unused' }],
    };
    const { report } = await run([{ externalId: 'cat-1', row: 1, title: 'Boxes', status: { name: 'Packing' }, labels: [{ name: 'fragile' }] }], catalog);
    expect(report.createdStatuses).toEqual(['Packing', 'Shipped']);
    expect(report.createdLabels).toEqual(['fragile', 'unused']);
    const statuses = await t.sql<{ name: string; category: string; color: string }>(`select name, category, color from statuses where project_id = ? and name in ('Packing', 'Shipped') order by position`, [project.id]);
    expect(statuses).toEqual([
      { name: 'Packing', category: 'started', color: '#aa5500' },
      { name: 'Shipped', category: 'completed', color: '#00aa00' },
    ]);
    const labels = await t.sql<{ name: string; color: string }>(`select name, color from labels where project_id = ? and name in ('fragile', 'unused') order by name`, [project.id]);
    expect(labels).toEqual([
      { name: 'fragile', color: '#ff0000' },
      { name: 'unused', color: '#64748b' },
    ]);
  });
});
