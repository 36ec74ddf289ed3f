// Issue 17, "done when": a Trello JSON, a Jira CSV, a GitHub JSON and a Linear CSV, each with at
// least 50 issues, import through the API with their people, labels, statuses and comments.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { formatParser } from './formats/index.ts';
import { finished, upload } from './import-test-kit.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** The people the fixtures name (fixtures/generate.ts): matched by e-mail, or by name where the format has none. */
const PEOPLE = [
  { name: 'Анна Смирнова', email: 'anna.smirnova@example.com', login: 'asmirnova' },
  { name: 'Иван Петров', email: 'ivan.petrov@example.com', login: 'ipetrov' },
  { name: 'Olga Kuznetsova', email: 'olga.k@example.com', login: 'okuz' },
  { name: 'Dmitry Volkov', email: 'd.volkov@example.com', login: 'dvolkov' },
  { name: 'Maria Ivanova', email: 'maria@example.com', login: 'mivanova' },
];

let t: TestServer;
let owner: TestUser;
const people: number[] = [];

beforeAll(async () => {
  t = await createTestServer();
  owner = await createUser(t, { name: 'Owner' });
  for (const p of PEOPLE) {
    const user = await createUser(t, { name: p.name });
    await t.sql(`update users set email = ? where id = ?`, [p.email, user.id]);
    people.push(user.id);
  }
});
afterAll(() => t.close());

const count = async (sql: string, projectId: number) => Number((await t.sql<{ n: string }>(sql, [projectId]))[0]!.n);

describe.each([
  ['trello', 'trello.json'],
  ['jira', 'jira.csv'],
  ['github', 'github.json'],
  ['linear', 'linear.csv'],
] as const)('a %s export', (format, file) => {
  it('imports every issue with its people, labels, statuses and comments', async () => {
    const bytes = readFileSync(path.join(fixtures, file));
    const parsed = formatParser(format).parse(bytes.toString('utf8'));
    expect(parsed.records.length).toBeGreaterThanOrEqual(50);
    const project = await createProject(t, { ownerId: owner.id, members: people.map((userId) => ({ userId, role: 'member' as const })) });

    // The dry run lists whom it cannot match: GitHub names comment authors by login only, so those
    // are mapped by hand, as the import page lets an owner do.
    const dry = await upload(owner.client, project.id, { format, file: bytes, fileName: file, dryRun: true });
    expect(dry.status).toBe(202);
    const unmatched = dry.body.import.preview.unmatchedUsers as string[];
    expect(unmatched.length > 0).toBe(format === 'github');
    const userMapping = Object.fromEntries(unmatched.map((who) => [who, people[PEOPLE.findIndex((p) => p.login === who)]]));
    expect(Object.values(userMapping).every(Boolean)).toBe(true);
    const res = await upload(owner.client, project.id, { format, file: bytes, fileName: file, mapping: { userMapping } });
    expect(res.status).toBe(202);
    const done = await finished(owner.client, res.body.import.id);
    expect(done.status).toBe('succeeded');
    expect(done.report.created).toBe(parsed.records.length);
    expect(done.report.unmatchedUsers).toEqual([]);

    expect(await count(`select count(*) n from issues where project_id = ?`, project.id)).toBe(parsed.records.length);
    const assigned = parsed.records.filter((r) => r.assignee).length;
    expect(await count(`select count(*) n from issues where project_id = ? and assignee_id is not null`, project.id)).toBe(assigned);
    const assignees = await t.sql<{ id: number }>(`select distinct assignee_id id from issues where project_id = ? and assignee_id is not null`, [project.id]);
    expect(assignees.length).toBeGreaterThan(1);
    for (const a of assignees) expect(people).toContain(a.id);

    const labelNames = new Set(parsed.records.flatMap((r) => (r.labels ?? []).map((l) => l.name.toLowerCase())));
    expect(labelNames.size).toBeGreaterThan(1);
    const labels = await t.sql<{ name: string }>(`select name from labels where project_id = ?`, [project.id]);
    for (const name of labelNames) expect(labels.map((l) => l.name.toLowerCase())).toContain(name);
    expect(await count(`select count(*) n from issue_labels il join issues i on i.id = il.issue_id where i.project_id = ?`, project.id)).toBe(
      parsed.records.reduce((n, r) => n + new Set((r.labels ?? []).map((l) => l.name.toLowerCase())).size, 0),
    );

    const statusNames = new Set(parsed.records.map((r) => r.status?.name.toLowerCase()).filter(Boolean));
    expect(statusNames.size).toBeGreaterThan(1);
    const used = await t.sql<{ name: string }>(`select distinct s.name from issues i join statuses s on s.id = i.status_id where i.project_id = ?`, [project.id]);
    expect(new Set(used.map((s) => s.name.toLowerCase()))).toEqual(statusNames);

    const comments = parsed.records.reduce((n, r) => n + (r.comments ?? []).length, 0);
    expect(await count(`select count(*) n from comments c join issues i on i.id = c.issue_id where i.project_id = ?`, project.id)).toBe(comments);
    if (format !== 'linear') expect(comments).toBeGreaterThan(50); // Linear's CSV export has no comments.
    const authored = await count(`select count(*) n from comments c join issues i on i.id = c.issue_id where i.project_id = ? and c.author_id is not null`, project.id);
    if (format !== 'linear') expect(authored).toBe(comments);

    // Dates are kept: the issues were made in the source's past, not now.
    expect(await count(`select count(*) n from issues where project_id = ? and created_at > now() - interval '1 day'`, project.id)).toBe(0);

    // The same file again updates instead of duplicating.
    const again = await finished(owner.client, (await upload(owner.client, project.id, { format, file: bytes, fileName: file, mapping: { userMapping } })).body.import.id);
    expect(again.status).toBe('succeeded');
    expect(again.report.created).toBe(0);
    expect(await count(`select count(*) n from issues where project_id = ?`, project.id)).toBe(parsed.records.length);
    expect(await count(`select count(*) n from comments c join issues i on i.id = c.issue_id where i.project_id = ?`, project.id)).toBe(comments);
  });
});
