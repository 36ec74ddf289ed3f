// The admin's workspace backup over HTTP: workspace.json and every attachment's bytes, zipped and
// streamed one file at a time; refused to everyone else.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { workspaceBackupSchema } from '@tracker/shared/api/export';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createIssue, createProject, type TestProject, type TestUser } from '../../test/fixtures.ts';
import type { TestServer } from '../../test/harness.ts';
import { fileKey } from '../attachments/attachment.service.ts';
import { BYTES, cookieOf, exportFixture } from './export-fixture.ts';

let t: TestServer;
let admin: TestUser;
let owner: TestUser;
let outsider: TestUser;
let project: TestProject;

beforeAll(async () => {
  ({ t, admin, owner, outsider, project } = await exportFixture());
});
afterAll(() => t.close());

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
