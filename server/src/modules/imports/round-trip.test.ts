// Issue 17, "done when": CSV and JSON export round-trip. A project's export.json imported into a new
// project exports again as the same issues (every field, custom values, parents, comments with their
// authors and dates); its export.csv, imported as a generic CSV, gives back every issue's fields.
import type { ExportIssue, ProjectExport } from '@tracker/shared/api/export';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { finished, upload } from './import-test-kit.ts';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let source: TestProject;

async function field(body: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/custom-fields', body);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.field as { id: number; options: { id: number }[] };
}

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true, name: 'Админ' });
  owner = await createUser(t, { name: 'Анна Смирнова' });
  source = await createProject(t, { ownerId: owner.id, members: [{ userId: admin.id, role: 'member' }] });
  const note = await field({ type: 'text', name: { ru: 'Заметка', en: 'Note' } });
  const env = await field({ type: 'select', name: { ru: 'Среда', en: 'Environment' }, options: [{ name: 'prod' }, { name: 'stage' }] });
  const [bug] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'bug', '#ef4444') returning id`, [source.id]);
  const [ui] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'ui, web', '#3b82f6') returning id`, [source.id]);
  const parent = await createIssue(t, source, {
    title: 'Comma, "quotes" and\nnew line; тоже по-русски',
    category: 'started',
    assigneeId: owner.id,
    reporterId: admin.id,
    startDate: '2026-11-01',
    dueDate: '2026-12-31',
    estimate: 2.5,
    customValues: { [note.id]: 'Текст', [env.id]: env.options[1]!.id },
  });
  await t.sql(`update issues set description = ?, priority = 2, created_at = '2026-10-01T08:00:00Z' where id = ?`, ['Строка 1\n\n- [ ] пункт', parent.id]);
  await t.sql(`insert into issue_labels (issue_id, label_id) values (?, ?), (?, ?)`, [parent.id, bug!.id, parent.id, ui!.id]);
  const child = await createIssue(t, source, { title: 'Child', category: 'completed', assigneeId: admin.id });
  await t.sql(`update issues set parent_id = ?, completed_at = '2026-11-20T12:00:00Z' where id = ?`, [parent.id, child.id]);
  await createIssue(t, source, { title: 'Backlog item', category: 'backlog' });
  await t.sql(`insert into comments (issue_id, author_id, body, created_at) values (?, ?, 'Первый комментарий', '2026-11-02T10:00:00Z'), (?, ?, 'Second', '2026-11-03T10:00:00Z')`, [
    parent.id,
    owner.id,
    parent.id,
    admin.id,
  ]);
});
afterAll(() => t.close());

const newProject = () => createProject(t, { ownerId: owner.id, members: [{ userId: admin.id, role: 'member' }] });
const exportJson = async (project: TestProject) => (await owner.client.get(`/api/projects/${project.key}/export.json`)).body as ProjectExport;
const issuesByTitle = (doc: ProjectExport) => new Map(doc.issues.map((i) => [i.title, i]));

/** What must survive the trip: everything but the project's own numbering and history rows. */
function comparable(issue: ExportIssue, doc: ProjectExport) {
  const parent = doc.issues.find((i) => i.number === issue.parentNumber);
  const { number: _n, key: _k, parentNumber: _p, activity: _a, updatedAt: _u, comments, labels, ...rest } = issue;
  return {
    ...rest,
    parent: parent?.title ?? null,
    labels: [...labels].sort(),
    comments: comments.map(({ id: _id, updatedAt: _cu, ...c }) => c),
  };
}

describe('export round trips', () => {
  it('export.json imported into a new project exports the same issues', async () => {
    const before = await exportJson(source);
    expect(before.issues).toHaveLength(3);
    const target = await newProject();
    const res = await upload(owner.client, target.id, { format: 'tracker', file: JSON.stringify(before), fileName: 'export.json' });
    expect(res.status).toBe(202);
    const done = await finished(owner.client, res.body.import.id);
    expect(done.status).toBe('succeeded');
    expect(done.report.created).toBe(3);

    const after = await exportJson(target);
    const again = issuesByTitle(after);
    for (const issue of before.issues) expect(comparable(again.get(issue.title)!, after)).toEqual(comparable(issue, before));
    expect(after.labels.map((l) => [l.name, l.color]).sort()).toEqual(before.labels.map((l) => [l.name, l.color]).sort());
  });

  it('export.csv imported as a CSV into a new project gives back every issue’s fields', async () => {
    const csv = (await owner.client.get(`/api/projects/${source.key}/export.csv`)).body as string;
    const target = await newProject();
    const res = await upload(owner.client, target.id, { format: 'csv', file: csv, fileName: 'export.csv' });
    expect(res.status).toBe(202);
    const done = await finished(owner.client, res.body.import.id);
    expect(done.status).toBe('succeeded');
    expect(done.report.created).toBe(3);

    const before = parseCsv(csv, { bom: true, columns: true }) as Record<string, string>[];
    const after = parseCsv((await owner.client.get(`/api/projects/${target.key}/export.csv`)).body as string, { bom: true, columns: true }) as Record<string, string>[];
    const keep = (row: Record<string, string>) => {
      const { Key: _k, Number: _n, Updated: _u, Parent: parent, ...rest } = row;
      return { ...rest, Parent: before.find((r) => r.Key === parent)?.Title ?? after.find((r) => r.Key === parent)?.Title ?? '' };
    };
    const byTitle = new Map(after.map((r) => [r.Title, keep(r)]));
    for (const row of before) expect(byTitle.get(row.Title!)).toEqual(keep(row));
  });
});
