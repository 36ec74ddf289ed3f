// export.csv, export.json and the admin backup over HTTP: quoting, custom field columns, visibility,
// the JSON's shape and its reading back by the `tracker` import format, and the zip's contents.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_CSV_COLUMNS, projectExportSchema, workspaceBackupSchema, type ProjectExport } from '@tracker/shared/api/export';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { fileKey } from '../attachments/attachment.service.ts';
import { trackerFormat } from '../imports/formats/tracker.ts';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let outsider: TestUser;
let project: TestProject;
const fields: Record<string, { id: number; options: { id: number; name: string }[] }> = {};
const TRICKY = 'Comma, "quotes" and\nnew line; тоже по-русски';
const BYTES = Buffer.from([0, 1, 2, 255, 254, 10, 13, 80, 75, 3, 4]);

const cookieOf = (u: TestUser) => [...u.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function field(body: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/custom-fields', body);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.field as { id: number; options: { id: number; name: string }[] };
}

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true, name: 'Админ' });
  owner = await createUser(t, { name: 'Анна Смирнова' });
  outsider = await createUser(t, { name: 'Outsider' });
  project = await createProject(t, { ownerId: owner.id });
  await t.sql(`update projects set description = 'Проект для выгрузки', color = '#ff0000' where id = ?`, [project.id]);
  fields.text = await field({ type: 'text', name: { ru: 'Заметка', en: 'Note' } });
  fields.number = await field({ type: 'number', name: { ru: 'Очки', en: 'Points' } });
  fields.select = await field({ type: 'select', name: { ru: 'Среда', en: 'Environment' }, options: [{ name: 'prod', color: '#ff0000' }, { name: 'stage' }] });
  fields.multi = await field({ type: 'multiselect', name: { ru: 'Платформы', en: 'Platforms' }, options: [{ name: 'iOS' }, { name: 'Android' }, { name: 'Web' }] });
  fields.user = await field({ type: 'user', name: { ru: 'Ревьюер', en: 'Reviewer' } });
  const [bug] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'bug', '#ef4444') returning id`, [project.id]);
  const [ui] = await t.sql<{ id: number }>(`insert into labels (project_id, name, color) values (?, 'ui, web', '#3b82f6') returning id`, [project.id]);
  const parent = await createIssue(t, project, {
    title: TRICKY,
    category: 'started',
    assigneeId: owner.id,
    reporterId: admin.id,
    startDate: '2026-11-01',
    dueDate: '2026-12-31',
    estimate: 2.5,
    customValues: {
      [fields.text.id]: '=HYPERLINK("x")',
      [fields.number.id]: 42,
      [fields.select.id]: fields.select.options[0]!.id,
      [fields.multi.id]: [fields.multi.options[2]!.id, fields.multi.options[0]!.id],
      [fields.user.id]: admin.id,
    },
  });
  await t.sql(`update issues set description = ?, priority = 1 where id = ?`, ['Строка 1\n\n"Строка", 2', parent.id]);
  await t.sql(`insert into issue_labels (issue_id, label_id) values (?, ?), (?, ?)`, [parent.id, bug!.id, parent.id, ui!.id]);
  const [stream] = await t.sql<{ id: number }>(`insert into streams (name, description, lead_id, start_date) values ('Релиз 2.0', 'Весна', ?, '2026-03-01') returning id`, [owner.id]);
  await t.sql(`insert into stream_members (stream_id, user_id) values (?, ?)`, [stream!.id, owner.id]);
  await t.sql(`insert into stream_updates (stream_id, author_id, body, health) values (?, ?, 'Идём по плану', 'on_track')`, [stream!.id, owner.id]);
  await t.sql(`insert into issue_streams (issue_id, stream_id) values (?, ?)`, [parent.id, stream!.id]);
  const child = await createIssue(t, project, { title: 'Child', category: 'completed' });
  await t.sql(`update issues set parent_id = ? where id = ?`, [parent.id, child.id]);
  await t.sql(`insert into issue_relations (from_issue_id, to_issue_id, type) values (?, ?, 'blocks')`, [parent.id, child.id]);
  await t.sql(`insert into issue_watchers (issue_id, user_id) values (?, ?), (?, ?)`, [parent.id, owner.id, parent.id, admin.id]);
  await t.sql(`insert into comments (issue_id, author_id, body, created_at) values (?, ?, 'Первый комментарий', '2026-11-02T10:00:00Z'), (?, ?, 'Second', '2026-11-03T10:00:00Z')`, [
    parent.id,
    owner.id,
    parent.id,
    admin.id,
  ]);
  await t.sql(`insert into activities (issue_id, project_id, actor_id, action, field, old_value, new_value, created_at) values (?, ?, ?, 'updated', 'title', '"Old"'::jsonb, '"New"'::jsonb, '2026-11-02T09:00:00Z')`, [
    parent.id,
    project.id,
    owner.id,
  ]);
  await t.app.services.storage.put(fileKey('0123456789abcdef0123456789abcdef'), BYTES, { contentType: 'application/octet-stream' });
  await t.sql(`insert into attachments (issue_id, uploader_id, file_name, mime_type, size, storage_key) values (?, ?, '../../etc/отчёт.bin', 'application/octet-stream', ?, ?)`, [
    parent.id,
    owner.id,
    BYTES.length,
    '0123456789abcdef0123456789abcdef',
  ]);
  // Enough issues to cross several batches of the streamed reads.
  await t.sql(
    `insert into issues (project_id, number, title, status_id, custom_values) select ?, n, 'Bulk ' || n, ?, '{}'::jsonb from generate_series(3, 452) n`,
    [project.id, project.statuses.backlog],
  );
  await t.sql(`update projects set issue_counter = 452 where id = ?`, [project.id]);
});
afterAll(() => t.close());

describe('GET /api/projects/:ref/export.csv', () => {
  it('streams every issue with RFC 4180 quoting, a BOM and one column per custom field', async () => {
    const res = await owner.client.get(`/api/projects/${project.key.toLowerCase()}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${project.key}-export-\\d{4}-\\d\\d-\\d\\d\\.csv"$`));
    const text = res.body as string;
    // fetch's text() drops a BOM: look at the bytes.
    const raw = Buffer.from(await (await fetch(`${t.url}/api/projects/${project.key}/export.csv`, { headers: { cookie: cookieOf(owner) } })).arrayBuffer());
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.subarray(3).toString('utf8')).toBe(text);
    expect(text).toContain(`"Comma, ""quotes"" and\nnew line; тоже по-русски"`);
    expect(text.split('\r\n')[0]).toBe([...EXPORT_CSV_COLUMNS, 'Заметка', 'Очки', 'Среда', 'Платформы', 'Ревьюер'].join(','));
    const rows = parseCsv(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(452);
    expect(rows.map((r) => Number(r.Number))).toEqual(Array.from({ length: 452 }, (_, i) => i + 1));
    const [first, second] = rows;
    expect(first).toMatchObject({
      Key: `${project.key}-1`,
      Title: TRICKY,
      Description: 'Строка 1\n\n"Строка", 2',
      Status: 'Started',
      'Status category': 'started',
      Priority: 'urgent',
      Assignee: 'Анна Смирнова',
      'Assignee email': owner.email,
      Reporter: 'Админ',
      'Reporter email': admin.email,
      Labels: 'bug, ui, web',
      Streams: 'Релиз 2.0',
      'Start date': '2026-11-01',
      'Due date': '2026-12-31',
      Estimate: '2.5',
      Parent: '',
      Completed: '',
      // A cell a spreadsheet would run as a formula is written as text.
      Заметка: `'=HYPERLINK("x")`,
      Очки: '42',
      Среда: 'prod',
      Платформы: 'Web, iOS',
      Ревьюер: admin.email,
    });
    expect(first!.Created).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(second).toMatchObject({ Title: 'Child', Parent: `${project.key}-1`, 'Status category': 'completed' });
    expect(second!.Completed).toMatch(/^\d{4}-/);
  });

  it('names custom field columns in the reader’s language', async () => {
    const res = await owner.client.request('GET', `/api/projects/${project.id}/export.csv`, { headers: { 'accept-language': 'en' } });
    expect((res.body as string).split('\r\n')[0]).toMatch(/,Note,Points,Environment,Platforms,Reviewer$/);
  });

  it('is a 404 for a project the user cannot see, and needs a sign-in', async () => {
    expect((await outsider.client.get(`/api/projects/${project.key}/export.csv`)).status).toBe(404);
    expect((await outsider.client.get(`/api/projects/${project.key}/export.json`)).status).toBe(404);
    expect((await owner.client.get(`/api/projects/NOPE/export.csv`)).status).toBe(404);
    expect((await owner.client.get(`/api/projects/x!/export.csv`)).status).toBe(400);
    expect((await t.client().get(`/api/projects/${project.key}/export.csv`)).status).toBe(401);
    // An admin sees every project.
    expect((await admin.client.get(`/api/projects/${project.key}/export.csv`)).status).toBe(200);
  });
});

describe('with an API token', () => {
  it('downloads exports and the backup with a read token, no cookie', async () => {
    const token = async (u: TestUser) => {
      const res = await u.client.post('/api/tokens', { name: 'export', scope: 'read' });
      expect(res.status).toBe(201);
      return res.body.token as string;
    };
    const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });
    const ownerToken = await token(owner);
    const csv = await fetch(`${t.url}/api/projects/${project.key}/export.csv`, bearer(ownerToken));
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\r\n')).toHaveLength(454); // header, 452 rows, the last CRLF
    expect((await fetch(`${t.url}/api/projects/${project.key}/export.json`, bearer(ownerToken))).status).toBe(200);
    expect((await fetch(`${t.url}/api/admin/backup.zip`, bearer(ownerToken))).status).toBe(403);
    const outsiderToken = await token(outsider);
    expect((await fetch(`${t.url}/api/projects/${project.key}/export.csv`, bearer(outsiderToken))).status).toBe(404);
    const adminZip = await fetch(`${t.url}/api/admin/backup.zip`, bearer(await token(admin)));
    expect(adminZip.status).toBe(200);
    expect(Buffer.from(await adminZip.arrayBuffer()).subarray(0, 4).toString('hex')).toBe('504b0304');
  });
});

describe('GET /api/projects/:ref/export.json', () => {
  let doc: ProjectExport;
  beforeAll(async () => {
    const res = await owner.client.get(`/api/projects/${project.key}/export.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.json"$/);
    doc = projectExportSchema.parse(res.body);
  });

  it('holds the project, its workflow, labels, fields, members and every issue', () => {
    expect(doc.project).toMatchObject({ key: project.key, description: 'Проект для выгрузки', color: '#ff0000', visibility: 'members' });
    expect(doc.statuses.map((s) => [s.name, s.category])).toEqual([
      ['Backlog', 'backlog'],
      ['Unstarted', 'unstarted'],
      ['Started', 'started'],
      ['Completed', 'completed'],
      ['Canceled', 'canceled'],
    ]);
    expect(doc.labels).toEqual([
      { name: 'bug', color: '#ef4444' },
      { name: 'ui, web', color: '#3b82f6' },
    ]);
    expect(doc.customFields.find((f) => f.name.en === 'Environment')).toMatchObject({ type: 'select', options: [{ name: 'prod', color: '#ff0000' }, { name: 'stage' }] });
    expect(doc.members).toEqual([{ name: 'Анна Смирнова', email: owner.email, role: 'owner' }]);
    expect(doc.issues.map((i) => i.number)).toEqual(Array.from({ length: 452 }, (_, i) => i + 1));
    const [first] = doc.issues;
    expect(first).toMatchObject({
      key: `${project.key}-1`,
      title: TRICKY,
      priority: 'urgent',
      assignee: { name: 'Анна Смирнова', email: owner.email },
      labels: ['bug', 'ui, web'],
      streams: ['Релиз 2.0'],
      estimate: 2.5,
      customValues: { Заметка: '=HYPERLINK("x")', Очки: 42, Среда: 'prod', Платформы: ['Web', 'iOS'], Ревьюер: admin.email },
    });
    expect(first!.comments.map((c) => [c.author?.email, c.body])).toEqual([
      [owner.email, 'Первый комментарий'],
      [admin.email, 'Second'],
    ]);
    expect(first!.activity).toEqual([{ action: 'updated', field: 'title', oldValue: 'Old', newValue: 'New', actor: { name: 'Анна Смирнова', email: owner.email }, createdAt: '2026-11-02T09:00:00.000Z' }]);
    expect(first!.attachments).toEqual([
      expect.objectContaining({ fileName: '../../etc/отчёт.bin', size: BYTES.length, uploader: { name: 'Анна Смирнова', email: owner.email } }),
    ]);
    expect(first!.attachments[0]).not.toHaveProperty('path');
    expect(first!.relations).toEqual([{ type: 'blocks', key: `${project.key}-2` }]);
    expect(first!.watchers.map((w) => w.email).sort()).toEqual([admin.email, owner.email].sort());
    expect(doc.issues[1]!.parentNumber).toBe(1);
  });

  it('reads back through the tracker import format with everything it carries', () => {
    const { records, problems, catalog } = trackerFormat.parse(JSON.stringify(doc));
    expect(problems).toEqual([]);
    // The catalog brings what no issue uses too: every status in order, every label and field.
    expect(catalog).toEqual({ statuses: doc.statuses, labels: doc.labels, customFields: doc.customFields });
    expect(catalog!.statuses.map((s) => s.name)).toEqual(['Backlog', 'Unstarted', 'Started', 'Completed', 'Canceled']);
    expect(records).toHaveLength(452);
    const [first, second] = records;
    const source = doc.issues[0]!;
    expect(first).toEqual({
      externalId: '1',
      row: 1,
      title: TRICKY,
      description: 'Строка 1\n\n"Строка", 2',
      status: { name: 'Started', category: 'started', color: '#94a3b8' },
      priority: 'urgent',
      labels: [
        { name: 'bug', color: '#ef4444' },
        { name: 'ui, web', color: '#3b82f6' },
      ],
      assignee: { email: owner.email, name: 'Анна Смирнова' },
      reporter: { email: admin.email, name: 'Админ' },
      startDate: '2026-11-01',
      dueDate: '2026-12-31',
      estimate: 2.5,
      fields: source.customValues,
      createdAt: source.createdAt,
      updatedAt: source.updatedAt,
      comments: source.comments.map((c) => ({ externalId: String(c.id), author: { email: c.author!.email, name: c.author!.name }, body: c.body, createdAt: c.createdAt, updatedAt: c.updatedAt })),
      activity: [{ action: 'updated', field: 'title', oldValue: 'Old', newValue: 'New', actor: { email: owner.email, name: 'Анна Смирнова' }, createdAt: '2026-11-02T09:00:00.000Z' }],
      attachments: [{ fileName: '../../etc/отчёт.bin', mimeType: 'application/octet-stream', size: BYTES.length, createdAt: source.attachments[0]!.createdAt, uploader: { email: owner.email, name: 'Анна Смирнова' } }],
    });
    expect(second).toMatchObject({ externalId: '2', parentExternalId: '1', status: { name: 'Completed', category: 'completed' }, completedAt: doc.issues[1]!.completedAt });
  });

  it('refuses files that are not a Tracker export, and reports a broken issue', () => {
    expect(() => trackerFormat.parse('')).toThrow(expect.objectContaining({ key: 'errors.import.emptyFile' }));
    expect(() => trackerFormat.parse('[]')).toThrow(expect.objectContaining({ key: 'errors.import.notTracker' }));
    expect(() => trackerFormat.parse(JSON.stringify({ ...doc, version: 2 }))).toThrow(expect.objectContaining({ key: 'errors.import.trackerVersion' }));
    const broken = { ...doc, issues: [doc.issues[0], { number: 'x' }] };
    const { records, problems } = trackerFormat.parse(JSON.stringify(broken));
    expect(records).toHaveLength(1);
    expect(problems).toEqual([{ row: 2, code: 'badItem' }]);
  });
});

describe('GET /api/admin/backup.zip', () => {
  it('is for admins only', async () => {
    expect((await owner.client.get('/api/admin/backup.zip')).status).toBe(403);
    expect((await t.client().get('/api/admin/backup.zip')).status).toBe(401);
  });

  it('zips workspace.json and the attachments’ bytes, reading one file at a time', async () => {
    // Three 1 MB files in another project, and a storage that counts the files open at once.
    const other = await createProject(t, { ownerId: admin.id });
    const issue = await createIssue(t, other, { title: 'With files' });
    const big: { id: number; n: number; bytes: Buffer }[] = [];
    for (const n of [1, 2, 3]) {
      const bytes = Buffer.alloc(1024 * 1024, n);
      bytes.write(`file ${n}`);
      const key = `${'b'.repeat(31)}${n}`;
      await t.app.services.storage.put(fileKey(key), bytes, { contentType: 'application/octet-stream' });
      const [row] = await t.sql<{ id: number }>(`insert into attachments (issue_id, uploader_id, file_name, mime_type, size, storage_key) values (?, ?, ?, 'application/octet-stream', ?, ?) returning id`, [
        issue.id,
        admin.id,
        `big-${n}.bin`,
        bytes.length,
        key,
      ]);
      big.push({ id: row!.id, n, bytes });
    }
    const storage = t.app.services.storage;
    const get = storage.get.bind(storage);
    const reads = { open: 0, max: 0, count: 0 };
    storage.get = async (key) => {
      const file = await get(key);
      reads.count += 1;
      reads.open += 1;
      reads.max = Math.max(reads.max, reads.open);
      file?.body.once('close', () => (reads.open -= 1));
      return file;
    };
    onTestFinished(() => {
      storage.get = get;
    });
    const res = await fetch(`${t.url}/api/admin/backup.zip`, { headers: { cookie: cookieOf(admin) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tracker-backup-\d{4}-\d\d-\d\d\.zip"$/);
    const dir = mkdtempSync(path.join(tmpdir(), 'backup-'));
    try {
      const file = path.join(dir, 'backup.zip');
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
      const workspace = JSON.parse(execFileSync('unzip', ['-p', file, 'workspace.json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
      const backup = workspaceBackupSchema.parse(workspace);
      const exported = backup.projects.find((p) => p.project.key === project.key)!;
      expect(exported.issues).toHaveLength(452);
      const attachment = exported.issues[0]!.attachments[0]!;
      expect(attachment.path).toBe(`attachments/${exported.issues[0]!.attachments[0]!.id}-__.._etc_отчёт.bin`);
      expect(listing).toEqual(['workspace.json', attachment.path, ...big.map((b) => `attachments/${b.id}-big-${b.n}.bin`)]);
      expect(execFileSync('unzip', ['-p', file, attachment.path!])).toEqual(BYTES);
      for (const b of big) expect(execFileSync('unzip', ['-p', file, `attachments/${b.id}-big-${b.n}.bin`], { maxBuffer: 8 * 1024 * 1024 }).equals(b.bytes)).toBe(true);
      // Storage was read one file at a time, each only once the zip reached it.
      expect(reads.max).toBe(1);
      expect(reads.count).toBe(4);
      expect(backup.users.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, owner.email, outsider.email]));
      expect(backup.users.find((u) => u.email === admin.email)!.roles).toEqual(['admin']);
      const text = JSON.stringify(workspace);
      expect(text).not.toMatch(/password|argon|\$2[aby]\$/i);
      expect(backup.streams.find((st) => st.name === 'Релиз 2.0')).toEqual({
        name: 'Релиз 2.0',
        description: 'Весна',
        status: 'planned',
        lead: { name: 'Анна Смирнова', email: owner.email },
        startDate: '2026-03-01',
        targetDate: null,
        members: [{ name: 'Анна Смирнова', email: owner.email }],
        createdAt: expect.any(String),
        updates: [{ author: { name: 'Анна Смирнова', email: owner.email }, body: 'Идём по плану', health: 'on_track', createdAt: expect.any(String), updatedAt: expect.any(String) }],
      });
      expect(backup.customFields.map((f) => f.name.en)).toEqual(expect.arrayContaining(['Note', 'Environment', 'Reviewer']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('survives a download given up half-way', async () => {
    const abort = new AbortController();
    const res = await fetch(`${t.url}/api/admin/backup.zip`, { headers: { cookie: cookieOf(admin) }, signal: abort.signal });
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    abort.abort();
    await reader.read().catch(() => null);
    // By now the zip holds three 1 MB files, so the first chunk is far from all of it. The server
    // carries on: the next backup is whole.
    const again = await fetch(`${t.url}/api/admin/backup.zip`, { headers: { cookie: cookieOf(admin) } });
    expect(again.status).toBe(200);
    const bytes = Buffer.from(await again.arrayBuffer());
    // The end-of-central-directory record closes a whole zip.
    expect(bytes.subarray(bytes.length - 22, bytes.length - 18).toString('hex')).toBe('504b0506');
  });
});
