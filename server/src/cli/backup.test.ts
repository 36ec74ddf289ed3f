// `npm run backup` of a live database, then `npm run restore` of that file into an empty data folder.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-backup-'));
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
  await seedDemo(t.orm.em.fork() as unknown as EntityManager, { issues: 40 });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`server/src/cli/${script}.ts`, ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'development', ...env } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Rows per table (the migrations' own record included). */
async function counts(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by 1");
  const result: Record<string, number> = {};
  for (const { name } of tables) result[name] = (await client.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]!.n;
  return result;
}

describe('backup and restore', () => {
  it('restores into an empty data folder with every row, and refuses a folder that has data', async () => {
    const file = path.join(dir, 'tracker.backup.gz');
    // Uploaded files are rows too (the default file store): every byte value must survive COPY.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\\.\n\t\r')]);
    await t.app.services.storage.put('attachments/0123456789abcdef0123456789abcdef', bytes, { contentType: 'application/octet-stream' });
    const backup = await cli('backup', ['--out', file], { DATABASE_URL: t.databaseUrl, DATA_DIR: path.join(dir, 'source') });
    expect(backup.out).toContain(`Backup written to ${file}`);
    expect(backup.code).toBe(0);

    const target = path.join(dir, 'restored');
    const restore = await cli('restore', [file], { DATABASE_URL: '', DATA_DIR: target });
    expect(restore.out).toMatch(/Restored \d+ tables/);
    expect(restore.code).toBe(0);

    const source = new pg.Client({ connectionString: t.databaseUrl });
    await source.connect();
    const expected = await counts(source);
    await source.end();
    expect(expected.issues).toBe(40);

    const db = await startEmbeddedPostgres(target, { throwaway: true });
    const restored = new pg.Client({ connectionString: db.url });
    try {
      await restored.connect();
      expect(await counts(restored)).toEqual(expected);
      const blob = await restored.query<{ data: Buffer }>('select data from blobs');
      expect(blob.rows.map((row) => row.data.equals(bytes))).toEqual([true]);
      // Ids continue after the restored ones.
      const { rows } = await restored.query<{ id: number; max: number }>(
        "insert into projects (key, name) values ('NEW', 'New') returning id, (select max(id) from projects) as max",
      );
      expect(rows[0]!.id).toBeGreaterThan(rows[0]!.max);
    } finally {
      await restored.end();
      await db.stop();
    }

    const again = await cli('restore', [file], { DATABASE_URL: '', DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already has data');
  });

  it('refuses a file that is not a backup before touching the data folder', async () => {
    const notBackup = path.join(dir, 'notes.txt');
    writeFileSync(notBackup, 'hello\n');
    const target = path.join(dir, 'untouched');
    const result = await cli('restore', [notBackup], { DATABASE_URL: '', DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.out).toContain('not a Tracker backup');
    expect(existsSync(path.join(target, 'pg'))).toBe(false);
  });
});
