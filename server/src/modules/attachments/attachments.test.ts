import http from 'node:http';
import { ATTACHMENT_MAX_BYTES } from '@tracker/shared/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, uniqueEmail, type TestClient, type TestServer } from '../../test/harness.ts';

let t: TestServer;
let member: TestClient;
let viewer: TestClient;
let outsider: TestClient;
let issueId: number;

async function signedIn(): Promise<{ client: TestClient; id: number }> {
  const client = t.client();
  const res = await client.post('/api/auth/register', { email: uniqueEmail('att'), password: 'pass-word-1', name: 'A' });
  return { client, id: res.body.user.id };
}

const upload = (client: TestClient, body: Buffer | string, name = 'notes.txt', type = 'text/plain', lang = 'ru') =>
  client.request('POST', `/api/issues/${issueId}/attachments`, { body: body as string, headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name), 'accept-language': lang } });

beforeAll(async () => {
  t = await createTestServer();
  const m = await signedIn();
  const v = await signedIn();
  member = m.client;
  viewer = v.client;
  outsider = (await signedIn()).client;
  const [project] = await t.sql<{ id: number }>(`insert into projects (key, name) values ('ATT', 'Attachments') returning id`);
  const [status] = await t.sql<{ id: number }>(`insert into statuses (project_id, name, category) values (?, 'Todo', 'unstarted') returning id`, [project!.id]);
  await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'member'), (?, ?, 'viewer')`, [project!.id, m.id, project!.id, v.id]);
  const [issue] = await t.sql<{ id: number }>(`insert into issues (project_id, number, title, status_id) values (?, 1, 'With files', ?) returning id`, [project!.id, status!.id]);
  issueId = issue!.id;
});
afterAll(() => t.close());

function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(t.url + path, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('attachments', () => {
  it('uploads, serves to those who may see the issue, and records activity', async () => {
    const res = await upload(member, 'привет, file', 'заметки.txt');
    expect(res.status).toBe(201);
    expect(res.body.attachment).toMatchObject({ fileName: 'заметки.txt', mimeType: 'text/plain', size: Buffer.byteLength('привет, file') });
    const url = res.body.attachment.url as string;

    const download = await fetch(t.url + url, { headers: { cookie: [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('привет, file');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''%D0%B7");

    expect((await outsider.get(url)).status).toBe(404);
    expect((await t.client().get(url)).status).toBe(401);
    expect(await t.sql(`select action from activities where issue_id = ? and action = 'attachment.added'`, [issueId])).toHaveLength(1);
  });

  it('lets the browser keep a copy only while it revalidates: 304 for a member, 404 once access is gone', async () => {
    const reader = await signedIn();
    const [project] = await t.sql<{ project_id: number }>('select project_id from issues where id = ?', [issueId]);
    await t.sql(`insert into project_members (project_id, user_id, role) values (?, ?, 'viewer')`, [project!.project_id, reader.id]);
    const url = (await upload(member, 'cached text', 'cache.txt')).body.attachment.url as string;
    const first = await reader.client.get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('last-modified')).toBeTruthy();

    // As a browser revalidates its cached copy (fetch() would add `Cache-Control: no-cache` itself).
    const conditional = (headers: Record<string, string>) => raw(url, { cookie: [...reader.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers });
    const again = await conditional({ 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect((await conditional({ 'if-modified-since': first.headers.get('last-modified')! })).status).toBe(304);

    await t.sql('delete from project_members where user_id = ?', [reader.id]);
    const revoked = await conditional({ 'if-none-match': etag! });
    expect(revoked.status).toBe(404);
    expect(revoked.headers.etag).toBeUndefined();
  });

  it('never serves active content inline', async () => {
    const res = await upload(member, '<script>alert(1)</script>', 'x.html', 'text/html');
    const download = await member.get(res.body.attachment.url);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('refuses viewers, oversized and empty files, and keeps nothing', async () => {
    const before = await t.sql('select id from attachments');
    expect((await upload(viewer, 'x')).status).toBe(403);
    const big = await upload(member, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ statusMessage: 'Файл больше 10 МБ', data: { code: 'payload_too_large' } });
    expect((await upload(member, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1), 'big.txt', 'text/plain', 'en')).body.statusMessage).toBe('The file is larger than 10 MB');
    expect((await upload(member, '')).body).toMatchObject({ statusCode: 400, statusMessage: 'Файл пустой' });
    expect((await upload(member, '', 'empty.txt', 'text/plain', 'en')).body.statusMessage).toBe('The file is empty');
    expect((await upload(outsider, 'x')).status).toBe(404);
    expect(await t.sql('select id from attachments')).toEqual(before);
  });

  it('lets the uploader delete, not a viewer', async () => {
    const res = await upload(member, 'bye');
    const url = res.body.attachment.url;
    expect((await viewer.request('DELETE', url)).status).toBe(403);
    expect((await member.request('DELETE', url)).status).toBe(204);
    expect((await member.get(url)).status).toBe(404);
  });
});
