import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { finished, upload } from './import-test-kit.ts';
import { runImport } from './import.job.ts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await createTestServer();
  owner = await createUser(t, { name: 'Olga Owner' });
  member = await createUser(t, { name: 'Misha Member' });
  outsider = await createUser(t);
});
afterAll(() => t.close());

const newProject = () => createProject(t, { ownerId: owner.id, members: [{ userId: member.id, role: 'member' }] });

// Semicolon-separated, as Excel writes it in Russian locales; headers the mapping names.
const csv = (memberEmail: string) =>
  [
    'Key;Summary;State;Owner email;Tags;Due;Priority;Estimate;Notes',
    `A-1;Set up CI;In review;${memberEmail.toUpperCase()};devops, ci;2026-12-31;high;3;Pipelines`,
    'A-2;Write docs;Done;Misha Member;docs;31.12.2026;low;;',
    'A-3;Fix login;Started;ghost@example.com;bug;;urgent;1,5;',
    'A-4;;Started;;;;;;no title here',
    'A-5;Bad date;Started;;;not a date;;;',
  ].join('\n');
const mapping = { columns: { externalId: 'Key', title: 'Summary', status: 'State', assignee: 'Owner email', labels: 'Tags', dueDate: 'Due', priority: 'Priority', estimate: 'Estimate', description: 'Notes' } };

const issuesOf = (project: TestProject) =>
  t.sql<{ id: number; title: string; status: string; category: string; assignee_id: number | null; due_date: string | null; priority: number; estimate: number | null; description: string; labels: string[]; completed_at: Date | null }>(
    `select i.id, i.title, s.name as status, s.category, i.assignee_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.priority, i.estimate::float8 as estimate, i.description, i.completed_at,
            array(select l.name from issue_labels il join labels l on l.id = il.label_id where il.issue_id = i.id order by l.name) as labels
       from issues i join statuses s on s.id = i.status_id where i.project_id = ? order by i.number`,
    [project.id],
  );

describe('generic CSV import', () => {
  it('previews a dry run with exact counts and writes nothing', async () => {
    const project = await newProject();
    const res = await upload(owner.client, project.id, { file: csv(member.email), mapping, dryRun: true });
    expect(res.status).toBe(202);
    const { preview, status } = res.body.import;
    expect(status).toBe('dry_run');
    expect(preview).toMatchObject({ total: 5, wouldCreate: 3, wouldUpdate: 0, unmatchedUsers: ['ghost@example.com'], newLabels: ['devops', 'ci', 'docs', 'bug'] });
    expect(preview.skipped).toEqual([
      { row: 5, reason: 'emptyTitle' },
      { row: 6, reason: 'badDate' },
    ]);
    // New statuses take the category their name suggests.
    expect(preview.newStatuses).toEqual([{ name: 'In review', category: 'started' }, { name: 'Done', category: 'completed' }]);
    expect(preview.rows.map((r: { title: string; action: string }) => [r.title, r.action])).toEqual([
      ['Set up CI', 'create'],
      ['Write docs', 'create'],
      ['Fix login', 'create'],
    ]);
    expect(await issuesOf(project)).toEqual([]);
    expect((await owner.client.get(`/api/imports/${res.body.import.id}`)).body.import.preview.wouldCreate).toBe(3);
  });

  it('guesses the mapping from English and Russian headers', async () => {
    const project = await newProject();
    const file = 'Заголовок,Статус,Исполнитель,Метки,Срок\nПервая,В работе,,фронт,2026-01-02\n';
    const res = await upload(owner.client, project.id, { file, dryRun: true });
    expect(res.status).toBe(202);
    expect(res.body.import.preview.mapping).toEqual({ title: 'Заголовок', status: 'Статус', assignee: 'Исполнитель', labels: 'Метки', dueDate: 'Срок' });
    expect(res.body.import.preview.rows[0]).toMatchObject({ title: 'Первая', status: 'В работе', labels: ['фронт'], dueDate: '2026-01-02' });
  });

  it('imports with users, labels and statuses, then updates on re-import instead of duplicating', async () => {
    const project = await newProject();
    const first = await upload(owner.client, project.id, { file: csv(member.email), mapping, fileName: 'tasks.csv' });
    expect(first.status).toBe(202);
    expect(first.body.import).toMatchObject({ status: 'queued', fileName: 'tasks.csv' });
    const done = await finished(owner.client, first.body.import.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: { done: 3, total: 3 } });
    expect(done.report).toMatchObject({ created: 3, updated: 0, unmatchedUsers: ['ghost@example.com'], createdStatuses: ['In review', 'Done'] });
    expect(done.report.skipped).toEqual([
      { row: 5, reason: 'emptyTitle' },
      { row: 6, reason: 'badDate' },
    ]);
    const issues = await issuesOf(project);
    expect(issues).toMatchObject([
      { title: 'Set up CI', status: 'In review', assignee_id: member.id, labels: ['ci', 'devops'], due_date: '2026-12-31', priority: 2, estimate: 3, description: 'Pipelines' },
      { title: 'Write docs', status: 'Done', category: 'completed', assignee_id: member.id, labels: ['docs'], due_date: '2026-12-31', priority: 4 },
      { title: 'Fix login', status: 'Started', assignee_id: null, labels: ['bug'], priority: 1, estimate: 1.5 },
    ]);
    expect(issues[1]!.completed_at).not.toBeNull();
    expect(issues[0]!.completed_at).toBeNull();
    const history = await t.sql<{ action: string; new_value: { updated: boolean } }>('select action, new_value from activities where issue_id = ? order by id', [issues[0]!.id]);
    expect(history).toEqual([{ action: 'imported', new_value: { format: 'csv', importId: first.body.import.id, updated: false } }]);

    const changed = csv(member.email).replace('Set up CI', 'Set up CI/CD').replace('A-2;Write docs;Done', 'A-2;Write docs;Started');
    const again = await upload(owner.client, project.id, { file: changed, mapping, dryRun: true });
    expect(again.body.import.preview).toMatchObject({ wouldCreate: 0, wouldUpdate: 3 });
    const second = await finished(owner.client, (await upload(owner.client, project.id, { file: changed, mapping })).body.import.id);
    expect(second.report).toMatchObject({ created: 0, updated: 3, createdStatuses: [] });
    const after = await issuesOf(project);
    expect(after[1]!.completed_at).toBeNull();
    expect(after.map((i) => [i.id, i.title, i.status])).toEqual([
      [issues[0]!.id, 'Set up CI/CD', 'In review'],
      [issues[1]!.id, 'Write docs', 'Started'],
      [issues[2]!.id, 'Fix login', 'Started'],
    ]);
    expect((await t.sql<{ n: number }>('select count(*)::int as n from labels where project_id = ? and name = ?', [project.id, 'docs']))[0]!.n).toBe(1);
  });

  it('maps unmatched people by hand', async () => {
    const project = await newProject();
    const res = await upload(owner.client, project.id, { file: csv(member.email), mapping: { ...mapping, userMapping: { 'ghost@example.com': owner.id } } });
    const done = await finished(owner.client, res.body.import.id);
    expect(done.report.unmatchedUsers).toEqual([]);
    expect((await issuesOf(project)).find((i) => i.title === 'Fix login')!.assignee_id).toBe(owner.id);
  });

  it('reads a Windows-1251 file and a UTF-16 one', async () => {
    const project = await newProject();
    const text = 'Название;Статус\r\nПочинить вход;Готово\r\nЁлка на складе;Новая\r\n';
    const cp = await upload(owner.client, project.id, { file: iconv.encode(text, 'win1251'), dryRun: true });
    expect(cp.status).toBe(202);
    expect(cp.body.import.preview.rows.map((r: { title: string; status: string }) => [r.title, r.status])).toEqual([
      ['Починить вход', 'Готово'],
      ['Ёлка на складе', 'Новая'],
    ]);
    const utf16 = await upload(owner.client, project.id, { file: new Uint8Array([0xff, 0xfe, ...iconv.encode(text, 'utf16le')]), dryRun: true });
    expect(utf16.body.import.preview.rows[1].title).toBe('Ёлка на складе');
  });
});

describe('files an import refuses', () => {
  let project: TestProject;
  beforeAll(async () => {
    project = await newProject();
  });
  const refused = async (options: Parameters<typeof upload>[2], status = 400) => {
    const res = await upload(owner.client, project.id, { ...options, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(status);
    return res.body;
  };

  it('says why per problem, in the reader language', async () => {
    expect(await refused({ file: '[{"title": "json"}]' })).toMatchObject({ statusMessage: 'This file is not a CSV table: JSON', data: { code: 'import_invalid', reason: 'notCsv' } });
    expect(await refused({ file: 'Name,"Sta"tus"\nx,y\n' })).toMatchObject({ data: { reason: 'notCsv' } });
    expect(await refused({ file: 'Colour,Size\nred,L\n' })).toMatchObject({ statusMessage: 'The file has no column for the issue title (“title”): map a column to it', data: { reason: 'missingColumn', field: 'title', columns: ['Colour', 'Size'] } });
    expect(await refused({ file: 'Title\nx\n', mapping: { columns: { title: 'Summary' } } })).toMatchObject({ data: { reason: 'unknownColumn', column: 'Summary' } });
    expect(await refused({ file: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xd8]) })).toMatchObject({ data: { reason: 'encoding' } });
    expect(await refused({ file: '' })).toMatchObject({ data: { reason: 'empty' } });
    expect(await refused({ file: 'Title\n' })).toMatchObject({ data: { reason: 'empty' } });
    expect(await refused({ file: 'Title\nx\n', format: 'jira' })).toMatchObject({ data: { reason: 'notJira' } });
    expect(await refused({ file: 'Title\nx\n', format: 'word' })).toMatchObject({ data: { code: 'validation' } });
    expect(await refused({ file: 'Title\nx\n', mapping: '{not json' })).toMatchObject({ data: { code: 'validation' } });
    expect(await t.sql('select id from imports where project_id = ?', [project.id])).toEqual([]);
  });

  it('refuses more than 100,000 rows, and accepts 100,000', async () => {
    const rows = (n: number) => `Title\n${'t\n'.repeat(n)}`;
    expect(await refused({ file: rows(100_001) })).toMatchObject({
      statusMessage: 'Rows in the file: 100001; at most 100000 can be imported at once. Split it into smaller files',
      data: { reason: 'tooManyRows', rows: 100_001, max: 100_000 },
    });
    const ok = await upload(owner.client, project.id, { file: rows(100_000), dryRun: true });
    expect(ok.status).toBe(202);
    expect(ok.body.import.preview).toMatchObject({ total: 100_000, wouldCreate: 100_000 });
  }, 60_000);

  it('answers 400 without a file, 415 for a body that is not multipart, 413 beyond 20 MB', async () => {
    expect(await refused({})).toMatchObject({ statusMessage: 'Choose a file to import', data: { reason: 'noFile' } });
    const json = await owner.client.post(`/api/projects/${project.id}/imports`, { format: 'csv' });
    expect(json.status).toBe(415);
    const big = new Uint8Array(21 * 1024 * 1024).fill(0x61);
    expect(await refused({ file: big }, 413)).toMatchObject({ statusCode: 413, data: { code: 'payload_too_large' } });
  });
});

describe('who may import', () => {
  it('lets owners and admins in, refuses members (403) and outsiders (404)', async () => {
    const project = await newProject();
    const file = 'Title\nOne\n';
    expect((await upload(member.client, project.id, { file })).status).toBe(403);
    expect((await upload(outsider.client, project.id, { file })).status).toBe(404);
    const mine = await upload(owner.client, project.id, { file, dryRun: true });
    expect((await member.client.get(`/api/imports/${mine.body.import.id}`)).status).toBe(403);
    expect((await outsider.client.get(`/api/imports/${mine.body.import.id}`)).status).toBe(404);
    expect((await member.client.get(`/api/projects/${project.id}/imports`)).status).toBe(403);
    const admin = await createUser(t, { admin: true });
    expect((await upload(admin.client, project.id, { file, dryRun: true })).status).toBe(202);
    const list = await owner.client.get(`/api/projects/${project.id}/imports`);
    expect(list.body.imports).toHaveLength(2);
    expect(list.body.formats).toContain('csv');
    expect((await owner.client.get('/api/imports/999999')).status).toBe(404);
  });
});

describe('an import that fails', () => {
  it('leaves nothing half-imported and says why', async () => {
    const project = await newProject();
    // A database refusal on row 450, after two batches were written and reported.
    await t.sql(`create or replace function import_test_boom() returns trigger language plpgsql as $$
      begin if new.title = 'BOOM' then raise exception 'boom at %', new.title; end if; return new; end $$`);
    await t.sql('create trigger import_test_boom before insert on issues for each row execute function import_test_boom()');
    try {
      const lines = Array.from({ length: 500 }, (_, i) => (i === 449 ? 'BOOM;Brand new;newlabel' : `Issue ${i};Brand new;newlabel`));
      const res = await upload(owner.client, project.id, { file: `Title;Status;Labels\n${lines.join('\n')}` });
      const done = await finished(owner.client, res.body.import.id);
      expect(done.status).toBe('failed');
      expect(done.report.error).toMatch(/^Импорт не удался, ничего не записано: .*boom at BOOM/);
    } finally {
      await t.sql('drop trigger import_test_boom on issues');
    }
    expect(await issuesOf(project)).toEqual([]);
    expect(await t.sql(`select id from statuses where project_id = ? and name = 'Brand new'`, [project.id])).toEqual([]);
    expect(await t.sql(`select id from labels where project_id = ?`, [project.id])).toEqual([]);
    expect(await t.sql(`select * from issue_external_refs where project_id = ?`, [project.id])).toEqual([]);
    // Issue numbers are taken outside the import's transaction: the failed import left a gap, no issue.
    expect((await t.sql<{ counter: number }>('select issue_counter as counter from projects where id = ?', [project.id]))[0]!.counter).toBe(500);
  });

  it('does not keep the project from getting issues by hand while it runs', async () => {
    const project = await newProject();
    // The import waits on a row lock the test holds, in the middle of its transaction.
    const lock = t.orm.em.fork() as unknown as import('@mikro-orm/postgresql').EntityManager;
    await lock.transactional(async (tem) => {
      await tem.execute('select pg_advisory_xact_lock(4242)');
      await t.sql(`create or replace function import_test_wait() returns trigger language plpgsql as $$
        begin if new.title = 'WAIT' then perform pg_advisory_xact_lock(4242); end if; return new; end $$`);
      await t.sql('create trigger import_test_wait before insert on issues for each row execute function import_test_wait()');
      const lines = Array.from({ length: 300 }, (_, i) => (i === 250 ? 'WAIT' : `Row ${i}`));
      const res = await upload(owner.client, project.id, { file: `Title\n${lines.join('\n')}` });
      await expect.poll(async () => (await owner.client.get(`/api/imports/${res.body.import.id}`)).body.import.progress.done, { timeout: 20_000 }).toBe(200);
      const byHand = await owner.client.post('/api/issues', { projectId: project.id, title: 'Made by hand meanwhile' });
      expect(byHand.status).toBe(201);
      expect(byHand.body.issue.number).toBe(301);
    });
    await t.sql('drop trigger import_test_wait on issues');
    await expect.poll(async () => (await t.sql('select id from issues where project_id = ?', [project.id])).length, { timeout: 20_000 }).toBe(301);
  });

  it('writes nothing into a project archived while the import waited', async () => {
    const project = await newProject();
    await t.sql('update projects set archived_at = now() where id = ?', [project.id]);
    const [row] = await t.sql<{ id: number }>(`insert into imports (project_id, user_id, format, status, file, locale) values (?, ?, 'csv', 'queued', ?, 'en') returning id`, [
      project.id,
      owner.id,
      Buffer.from('Title\nLate\n'),
    ]);
    await runImport(t.orm, row!.id);
    const [after] = await t.sql<{ status: string; report: { error: string } }>('select status, report from imports where id = ?', [row!.id]);
    expect(after).toMatchObject({ status: 'failed', report: { error: expect.stringMatching(/^The import failed and nothing was written: .*archived/i) } });
    expect(await issuesOf(project)).toEqual([]);
    expect((await upload(owner.client, project.id, { file: 'Title\nx\n', dryRun: true })).status).toBe(409);
  });

  it('notifies nobody: the assignee of imported issues gets no inbox item', async () => {
    const project = await newProject();
    const res = await upload(owner.client, project.id, { file: `Title,Assignee\nQuiet one,${member.email}\nQuiet two,${member.email}\n` });
    expect((await finished(owner.client, res.body.import.id)).report.created).toBe(2);
    // A control issue assigned the ordinary way, in the same project (its jobs run in order after any the import queued).
    const control = await owner.client.post('/api/issues', { projectId: project.id, title: 'Loud', assigneeId: member.id });
    expect(control.status).toBe(201);
    await expect.poll(async () => (await t.sql('select id from inbox_items where user_id = ?', [member.id])).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const items = await t.sql<{ issue_id: number }>('select issue_id from inbox_items where user_id = ?', [member.id]);
    expect(items.map((i) => i.issue_id)).toEqual([control.body.issue.id]);
  });
});
