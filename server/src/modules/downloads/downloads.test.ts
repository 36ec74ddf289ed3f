// Signed links to file answers (issue 25): inside Telegram the client downloads exports, the backup
// and a timesheet's CSV itself, with no cookie. A link works without a session for its own address
// and user, only until it expires, only while its user may still read the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestProject, type TestUser } from '../../test/fixtures.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { downloadLinks } from './download-links.ts';

let t: TestServer;
let member: TestUser;
let admin: TestUser;
let project: TestProject;

/** Telegram's downloader: a plain GET with no cookie and no session header. */
const cookieless = (url: string, headers: Record<string, string> = {}) => fetch(t.url + url, { headers });
const link = async (user: TestUser, path: string) => {
  const res = await user.client.post('/api/downloads/link', { path });
  expect(res.status, path).toBe(200);
  return res.body as { url: string; expiresAt: string };
};

beforeAll(async () => {
  t = await createTestServer();
  member = await createUser(t, { name: 'Member' });
  admin = await createUser(t, { name: 'Admin', admin: true });
  project = await createProject(t, { ownerId: member.id });
  await createIssue(t, project, { title: 'Exported by link' });
});
afterAll(() => t.close());

describe('signed download links', () => {
  it('serve a project export, the backup and a timesheet CSV without any session, for about five minutes', async () => {
    const before = Date.now();
    const csv = await link(member, `/api/projects/${project.key}/export.csv`);
    expect(csv.url).toMatch(new RegExp(`^/api/projects/${project.key}/export\\.csv\\?user=${member.id}&expires=\\d+&sig=[\\w-]+$`));
    const ttl = Date.parse(csv.expiresAt) - before;
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const file = await cookieless(csv.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${project.key}-export-\\d{4}-\\d\\d-\\d\\d\\.csv"$`));
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect(await file.text()).toContain('Exported by link');
    // The unsigned address still wants a session, and is not open to other origins.
    expect((await cookieless(`/api/projects/${project.key}/export.csv`)).status).toBe(401);
    expect((await member.client.get(`/api/projects/${project.key}/export.csv`)).headers.get('access-control-allow-origin')).toBeNull();

    const json = await cookieless((await link(member, `/api/projects/${project.key}/export.json`)).url);
    expect(((await json.json()) as { format: string }).format).toBe('tracker');

    const sheet = await link(member, '/api/timesheet.csv?to=2026-11-30&from=2026-11-01');
    // The query is kept (sorted) and signed with the address.
    expect(sheet.url).toMatch(/^\/api\/timesheet\.csv\?from=2026-11-01&to=2026-11-30&user=\d+&expires=\d+&sig=[\w-]+$/);
    const timesheet = await cookieless(sheet.url);
    expect(timesheet.status).toBe(200);
    expect(timesheet.headers.get('content-disposition')).toContain('timesheet-2026-11-01-2026-11-30.csv');

    const backup = await cookieless((await link(admin, '/api/admin/backup.zip')).url);
    expect(backup.status).toBe(200);
    expect(Buffer.from(await backup.arrayBuffer()).subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('are signed only for the file answers, for a signed-in caller', async () => {
    expect((await t.client().post('/api/downloads/link', { path: `/api/projects/${project.key}/export.csv` })).status).toBe(401);
    for (const path of ['/api/user/me', '/api/projects/X/export.csv/../../../user/me', `/api/projects/${project.key}/export.csv?sig=x`, 'https://evil.example/api/admin/backup.zip', '/api/timesheet.csv#x', '/api/admin/backup.zip?x=%00'.repeat(300), 42]) {
      const res = await member.client.post('/api/downloads/link', { path });
      expect(res.status, String(path)).toBe(400);
      expect(res.body.data.code).toBe('validation');
    }
  });

  it('refuse a tampered, borrowed or expired link with a translated error, never a 5xx', async () => {
    const { url } = await link(member, '/api/timesheet.csv?from=2026-11-01&to=2026-11-30');
    const q = new URL(url, t.url).searchParams;
    const signed = (over: Record<string, string>, path = '/api/timesheet.csv') => `${path}?${new URLSearchParams({ ...Object.fromEntries(q), ...over })}`;
    for (const bad of [
      signed({ from: '2026-10-01' }), // another period with this signature
      signed({ userId: String(member.id + 1) }), // a parameter added
      signed({}, `/api/projects/${project.key}/export.csv`), // another file with this signature
      signed({ expires: String(Number(q.get('expires')) + 3600) }), // a longer life
      signed({ user: String(admin.id) }), // someone else's link
      signed({ sig: q.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
      `${url}&user=${admin.id}`, // a second value for a signed name
      `${url.replace(/sig=[^&]+/, 'sig=')}`,
    ]) {
      const res = await cookieless(bad, { 'accept-language': 'en' });
      expect(res.status, bad).toBe(403);
      expect(await res.json()).toMatchObject({ statusCode: 403, statusMessage: 'The link is not valid', data: { code: 'token_invalid' } });
    }
    const ru = await cookieless(signed({ sig: 'x' }), { 'accept-language': 'ru' });
    expect(((await ru.json()) as { statusMessage: string }).statusMessage).toBe('Ссылка недействительна');

    const expired = downloadLinks(t.config.SESSION_SECRET, () => Date.now() - 6 * 60_000).issue(`/api/projects/${project.key}/export.json`, member.id);
    const gone = await cookieless(expired.url, { 'accept-language': 'en' });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ statusMessage: 'The link has expired', data: { code: 'token_expired' } });
  });

  it('stop working as soon as their user loses access or is blocked; the backup only for an admin', async () => {
    const reader = await createUser(t, { name: 'Reader' });
    await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'viewer')`, [project.id, reader.id]);
    const { url } = await link(reader, `/api/projects/${project.key}/export.csv`);
    expect((await cookieless(url)).status).toBe(200);
    await t.sql('delete from project_members where user_id = ?', [reader.id]);
    expect((await cookieless(url)).status).toBe(404);

    const backup = await link(reader, '/api/admin/backup.zip');
    expect((await cookieless(backup.url)).status).toBe(403);
    const adminBackup = await link(admin, '/api/admin/backup.zip');
    await t.sql('update users set blocked_at = now() where id = ?', [admin.id]);
    expect((await cookieless(adminBackup.url)).status).toBe(403);
  });
});
