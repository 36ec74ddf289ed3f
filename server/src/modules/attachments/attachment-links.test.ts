// Signed download links (issue 12, item 9): they work without any cookie, only for their own
// attachment, only until they expire, and only while their user may still see the issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';
import { attachmentLinks } from './attachment-links.ts';

let t: TestServer;
let member: { client: TestClient; id: number };
let projectId: number;
let issueId: number;

async function signedIn(): Promise<{ client: TestClient; id: number }> {
  const client = t.client();
  const res = await client.post('/api/auth/register', { email: uniqueEmail('link'), password: 'pass-word-1', name: 'L' });
  return { client, id: res.body.user.id };
}

async function upload(content: string, name = 'report.pdf', type = 'application/pdf'): Promise<number> {
  const res = await member.client.request('POST', `/api/issues/${issueId}/attachments`, { body: content, headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) } });
  expect(res.status).toBe(201);
  return res.body.attachment.id as number;
}

/** A browser's plain GET: no cookie, no session header. */
const cookieless = (url: string, headers: Record<string, string> = {}) => fetch(t.url + url, { headers });

beforeAll(async () => {
  t = await createTestServer();
  member = await signedIn();
  const [project] = await t.sql<{ id: number }>(`insert into projects (key, name) values ('LNK', 'Links') returning id`);
  projectId = project!.id;
  const [status] = await t.sql<{ id: number }>(`insert into statuses (project_id, name, category) values (?, 'Todo', 'unstarted') returning id`, [projectId]);
  await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'member')`, [projectId, member.id]);
  const [issue] = await t.sql<{ id: number }>(`insert into issues (project_id, number, title, status_id) values (?, 1, 'Linked files', ?) returning id`, [projectId, status!.id]);
  issueId = issue!.id;
});
afterAll(() => t.close());

describe('signed attachment links', () => {
  it('serve the file without a cookie, with its name, type and nosniff, for about five minutes', async () => {
    const id = await upload('%PDF-1.4 отчёт', 'отчёт за май.pdf');
    const before = Date.now();
    const res = await member.client.post(`/api/attachments/${id}/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { url, expiresAt } = res.body as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/api/attachments/${id}\\?user=${member.id}&expires=\\d+&sig=[\\w-]+$`));
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 1000);

    const file = await cookieless(url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('%PDF-1.4 отчёт');
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename*=UTF-8''${encodeURIComponent('отчёт за май.pdf')}`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    // Telegram's own downloader may fetch a signed address from another origin; the cookie path may not.
    expect(file.headers.get('access-control-allow-origin')).toBe('*');
    expect((await member.client.get(`/api/attachments/${id}`)).headers.get('access-control-allow-origin')).toBeNull();
    // The unsigned address still wants a session.
    expect((await cookieless(`/api/attachments/${id}`)).status).toBe(401);
  });

  it('is issued only to a signed-in caller who may see the attachment', async () => {
    const id = await upload('secret');
    const stranger = await signedIn();
    expect((await stranger.client.post(`/api/attachments/${id}/link`)).status).toBe(404);
    expect((await t.client().post(`/api/attachments/${id}/link`)).status).toBe(401);
    expect((await member.client.post(`/api/attachments/99999999/link`)).status).toBe(404);
    expect((await member.client.post(`/api/attachments/abc/link`)).status).toBe(400);
  });

  it('refuses a tampered, borrowed or expired signature with a translated error, never a 5xx', async () => {
    const id = await upload('one');
    const other = await upload('two');
    const { url } = (await member.client.post(`/api/attachments/${id}/link`)).body as { url: string };
    const q = new URL(url, t.url).searchParams;
    const signed = (over: Record<string, string>, target = id) => `/api/attachments/${target}?${new URLSearchParams({ ...Object.fromEntries(q), ...over })}`;

    for (const bad of [
      signed({}, other), // another attachment's address with this signature
      signed({ expires: String(Number(q.get('expires')) + 3600) }), // a longer life
      signed({ user: String(member.id + 1) }), // someone else's link
      signed({ sig: q.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
    ]) {
      const res = await cookieless(bad, { 'accept-language': 'en' });
      expect(res.status, bad).toBe(403);
      expect(await res.json()).toMatchObject({ statusCode: 403, statusMessage: 'The link is not valid', data: { code: 'token_invalid' } });
    }
    const ru = await cookieless(signed({ sig: 'x' }), { 'accept-language': 'ru' });
    expect(((await ru.json()) as { statusMessage: string }).statusMessage).toBe('Ссылка недействительна');

    const expired = attachmentLinks(t.config.SESSION_SECRET, () => Date.now() - 6 * 60_000).issue(id, member.id);
    const gone = await cookieless(expired.url, { 'accept-language': 'en' });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ statusMessage: 'The link has expired', data: { code: 'token_expired' } });

    for (const garbage of ['sig=', 'sig=%00&user=1&expires=1', 'sig=a&user=-1&expires=9', 'sig=a&user=1&expires=99999999999999999999', 'sig=' + 'a'.repeat(5000), 'sig=a&sig=b&user=1&user=2&expires=1']) {
      const res = await cookieless(`/api/attachments/${id}?${garbage}`);
      expect(res.status, garbage).toBe(403);
    }
    expect((await cookieless(`/api/attachments/%F0?${q}`)).status).toBe(400);
  });

  it('stops working as soon as its user loses access or is blocked', async () => {
    const reader = await signedIn();
    await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'viewer')`, [projectId, reader.id]);
    const id = await upload('for the reader');
    const { url } = (await reader.client.post(`/api/attachments/${id}/link`)).body as { url: string };
    expect((await cookieless(url)).status).toBe(200);
    await t.sql('delete from project_members where user_id = ?', [reader.id]);
    expect((await cookieless(url)).status).toBe(404);

    await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'viewer')`, [projectId, reader.id]);
    expect((await cookieless(url)).status).toBe(200);
    await t.sql('update users set blocked_at = now() where id = ?', [reader.id]);
    expect((await cookieless(url)).status).toBe(403);
  });
});
