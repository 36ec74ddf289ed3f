// Whose e-mails export.json and export.csv give (the caller's own; everyone's to the project's owners
// and admins), and the CSV's defence against formula injection where export.test.ts's fixture does
// not reach: e-mail cells, custom field names in the header, `;`-separated cells.
import { projectExportSchema, type ProjectExport } from '@tracker/shared/api/export';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let reader: TestUser;
let evil: TestUser;
let project: TestProject;
const EVIL_EMAIL = '-2+3@evil.test';

beforeAll(async () => {
  t = await createTestServer();
  admin = await createUser(t, { admin: true, name: 'Админ' });
  owner = await createUser(t, { name: 'Olga Owner' });
  member = await createUser(t, { name: 'Mark Member' });
  reader = await createUser(t, { name: 'Rita Reader' });
  evil = await createUser(t, { name: '=cmd|calc' });
  await t.sql('update users set email = ? where id = ?', [EVIL_EMAIL, evil.id]);
  // Visible to every signed-in user: `reader` is no member and reads it as a viewer.
  project = await createProject(t, { ownerId: owner.id, visibility: 'all', members: [{ userId: member.id, role: 'member' }] });
  const field = await admin.client.post('/api/admin/custom-fields', { type: 'user', name: { ru: '=Поле', en: '@Field' }, scope: 'projects', projectIds: [project.id] });
  expect(field.status).toBe(201);
  await createIssue(t, project, { title: 'Plain', assigneeId: owner.id, reporterId: member.id, customValues: { [field.body.field.id]: owner.id } });
  await createIssue(t, project, { title: 'a;=HYPERLINK("http://evil.test")', assigneeId: evil.id, reporterId: reader.id });
});
afterAll(() => t.close());

const json = async (u: TestUser) => {
  const res = await u.client.get(`/api/projects/${project.key}/export.json`);
  expect(res.status).toBe(200);
  return projectExportSchema.parse(res.body);
};
const csv = async (u: TestUser) => {
  const res = await u.client.get(`/api/projects/${project.key}/export.csv`);
  expect(res.status).toBe(200);
  return res.body as string;
};
const emailsIn = (doc: ProjectExport) =>
  new Set([...doc.members.map((m) => m.email), ...doc.issues.flatMap((i) => [i.assignee?.email, i.reporter?.email, ...Object.values(i.customValues)])].filter((v) => typeof v === 'string' && v.includes('@')));

describe('e-mails in exports', () => {
  it('gives a viewer of a workspace-visible project names, and only their own e-mail', async () => {
    const doc = await json(reader);
    expect(doc.members).toEqual([
      { name: 'Olga Owner', email: null, role: 'owner' },
      { name: 'Mark Member', email: null, role: 'member' },
    ]);
    expect(doc.issues[0]).toMatchObject({ assignee: { name: 'Olga Owner', email: null }, reporter: { name: 'Mark Member', email: null }, customValues: { '=Поле': 'Olga Owner' } });
    expect(doc.issues[1]!.reporter).toEqual({ name: 'Rita Reader', email: reader.email });
    expect([...emailsIn(doc)]).toEqual([reader.email]);
    const rows = parseCsv(await csv(reader), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['Assignee email'], r['Reporter email']])).toEqual([
      ['', ''],
      ['', reader.email],
    ]);
    expect(await csv(reader)).not.toContain(owner.email);
  });

  it('gives a member their own e-mail only', async () => {
    const doc = await json(member);
    expect(doc.members.map((m) => m.email)).toEqual([null, member.email]);
    expect([...emailsIn(doc)].sort()).toEqual([member.email]);
  });

  it('gives the project’s owners and admins every e-mail (what the importer matches people by)', async () => {
    for (const who of [owner, admin]) {
      const doc = await json(who);
      expect(doc.members.map((m) => m.email)).toEqual([owner.email, member.email]);
      expect(doc.issues[0]).toMatchObject({ assignee: { email: owner.email }, reporter: { email: member.email }, customValues: { '=Поле': owner.email } });
      expect(doc.issues[1]).toMatchObject({ assignee: { email: EVIL_EMAIL }, reporter: { email: reader.email } });
    }
  });
});

describe('formula escaping in export.csv', () => {
  it('escapes e-mail cells, names and the header’s custom field names, and quotes `;` cells', async () => {
    const text = await csv(owner);
    const [header, first, second] = parseCsv(text, { bom: true }) as string[][];
    expect(header!.at(-1)).toBe("'=Поле");
    expect(first!.at(-1)).toBe(owner.email);
    expect(second).toEqual(expect.arrayContaining(["'-2+3@evil.test", "'=cmd|calc", 'a;=HYPERLINK("http://evil.test")']));
    // The `;` cell is quoted, so a spreadsheet that splits on `;` keeps it whole.
    expect(text).toContain('"a;=HYPERLINK(""http://evil.test"")"');
    // In English the header's field name starts with `@`: escaped too.
    const en = await owner.client.request('GET', `/api/projects/${project.key}/export.csv`, { headers: { 'accept-language': 'en' } });
    expect((parseCsv(en.body as string, { bom: true }) as string[][])[0]!.at(-1)).toBe("'@Field");
  });
});
