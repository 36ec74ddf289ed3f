// export.csv and export.json over HTTP: quoting, custom field columns, visibility, the JSON's shape
// and its reading back by the `tracker` import format.
import { EXPORT_CSV_COLUMNS, projectExportSchema, type ProjectExport } from '@tracker/shared/api/export';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestProject, TestUser } from '../../test/fixtures.ts';
import type { TestServer } from '../../test/harness.ts';
import { trackerFormat } from '../imports/formats/tracker.ts';
import { BYTES, cookieOf, exportFixture, TRICKY } from './export-fixture.ts';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let outsider: TestUser;
let project: TestProject;

beforeAll(async () => {
  ({ t, admin, owner, outsider, project } = await exportFixture());
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
