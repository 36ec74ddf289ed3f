// Files an earlier version wrote to DATA_DIR are served after the upgrade: copied into the store once,
// by two replicas starting together without harm, and left on disk.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssue, createProject, createUser, type TestUser } from '../test/fixtures.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { createLogger } from '../logger.ts';
import { startS3 } from '../test/s3.ts';
import { createBlobStore } from './index.ts';
import { IMPORT_MARKER, importDataDir } from './import-data-dir.ts';

const logger = createLogger('silent');
const hex = () => randomBytes(16).toString('hex');
let t: TestServer;
let user: TestUser;
let dataDir: string;
beforeAll(async () => {
  t = await createTestServer();
  user = await createUser(t);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracker-legacy-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function write(relative: string, bytes: Buffer) {
  mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
  writeFileSync(path.join(dataDir, relative), bytes);
}

describe('importing the data folder', () => {
  it('serves old attachments, avatars and blog images from the store, once, and keeps the files', async () => {
    const attachmentKey = hex();
    const avatarKey = hex();
    const imageKey = hex();
    const document = randomBytes(200_000);
    const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).webp().toBuffer();
    write(`attachments/${attachmentKey.slice(0, 2)}/${attachmentKey}`, document);
    write(`attachments/${attachmentKey.slice(0, 2)}/${hex()}.part`, Buffer.from('an upload cut short'));
    write(`avatars/${avatarKey.slice(0, 2)}/${avatarKey}-64.webp`, avatar);
    write(`blog-images/${imageKey}/320.webp`, avatar);

    // Two replicas starting together, each with its own store connection, on one database.
    const other = createBlobStore({ databaseUrl: t.databaseUrl });
    const [a, b] = await Promise.all([importDataDir(t.app.services.storage, dataDir, logger), importDataDir(other, dataDir, logger)]);
    await other.close();
    expect(a.imported + b.imported).toBeGreaterThanOrEqual(3);
    const keys = await t.sql<{ key: string }>(`select key from blobs where key like any (array['attachments/%', 'avatars/%', 'blog-images/%']) order by key`);
    expect(keys.map((row) => row.key)).toEqual([`attachments/${attachmentKey}`, `avatars/${avatarKey}-64.webp`, `blog-images/${imageKey}/320.webp`].sort());

    const project = await createProject(t, { ownerId: user.id });
    const issue = await createIssue(t, project);
    const [row] = await t.sql<{ id: number }>(
      `insert into attachments (issue_id, uploader_id, file_name, mime_type, size, storage_key) values (?, ?, 'old.pdf', 'application/pdf', ?, ?) returning id`,
      [issue.id, user.id, document.length, attachmentKey],
    );
    const download = await fetch(`${t.url}/api/attachments/${row!.id}`, { headers: { cookie: [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(document)).toBe(true);
    const served = await fetch(`${t.url}/api/avatars/${avatarKey}-64.webp`);
    expect(Buffer.from(await served.arrayBuffer()).equals(avatar)).toBe(true);
    const image = await fetch(`${t.url}/api/blog/images/${imageKey}/320.webp`);
    expect([image.status, image.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);

    // Left in place, marked, and not walked again by the next start.
    expect(readFileSync(path.join(dataDir, 'attachments', attachmentKey.slice(0, 2), attachmentKey)).equals(document)).toBe(true);
    for (const folder of ['attachments', 'avatars', 'blog-images']) expect(readFileSync(path.join(dataDir, folder, IMPORT_MARKER), 'utf8')).toMatch(/^store: postgresql\n/);
    await t.sql('delete from blobs where key = ?', [`avatars/${avatarKey}-64.webp`]);
    expect(await importDataDir(t.app.services.storage, dataDir, logger)).toEqual({ imported: 0, skipped: 0 });
  });

  it('imports again into another store (switching to STORAGE_URL), and skips what that store has', async () => {
    const s3 = await startS3();
    const bucket = createBlobStore({ databaseUrl: t.databaseUrl, storageUrl: s3.storageUrl() });
    try {
      expect((await importDataDir(bucket, dataDir, logger)).imported).toBe(3);
      expect(await importDataDir(bucket, dataDir, logger)).toEqual({ imported: 0, skipped: 0 });
      rmSync(path.join(dataDir, 'avatars', IMPORT_MARKER));
      expect(await importDataDir(bucket, dataDir, logger)).toEqual({ imported: 0, skipped: 1 });
    } finally {
      await bucket.close();
      await s3.close();
    }
  });

  it('does nothing without a data folder', async () => {
    expect(await importDataDir(t.app.services.storage, path.join(dataDir, 'missing'), logger)).toEqual({ imported: 0, skipped: 0 });
    expect(existsSync(path.join(dataDir, 'missing'))).toBe(false);
  });
});
