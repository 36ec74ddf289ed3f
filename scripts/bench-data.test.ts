// The bench's data folder is seeded once and reused while its shape stays; another shape rebuilds it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmbeddedDatabase } from '../server/src/db/embedded.ts';
import { openBenchData } from './bench-server.ts';

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'tracker-bench-folder-')), 'data');
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

async function sql<T>(db: EmbeddedDatabase, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
const issues = async (db: EmbeddedDatabase) => (await sql<{ n: number }>(db, 'select count(*)::int as n from issues'))[0]!.n;
const marked = async (db: EmbeddedDatabase) => (await sql(db, "select 1 from users where email = 'marker@bench.test'")).length === 1;

describe('bench data folder', () => {
  it('reuses a folder of the same shape, and rebuilds one of another shape or one migrated by another branch', async () => {
    let db = await openBenchData(dataDir, { issues: 40, users: 6 });
    expect(await issues(db)).toBe(40);
    await sql(db, "insert into users (name, email) values ('Marker', 'marker@bench.test')");
    await db.stop();

    db = await openBenchData(dataDir, { issues: 40, users: 6 });
    expect(await marked(db)).toBe(true);
    await db.stop();

    db = await openBenchData(dataDir, { issues: 50, users: 6 });
    expect([await marked(db), await issues(db)]).toEqual([false, 50]);
    await sql(db, "insert into users (name, email) values ('Marker', 'marker@bench.test')");
    // As if another branch had migrated this folder with a migration this one does not know.
    await sql(db, "insert into mikro_orm_migrations (name, executed_at) values ('Migration29991231000000_elsewhere', now())");
    await db.stop();

    db = await openBenchData(dataDir, { issues: 50, users: 6 });
    expect([await marked(db), await issues(db)]).toEqual([false, 50]);
    await db.stop();
  }, 120_000);
});
