// `npm run seed:demo` as a user runs it, on a database that already has data.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function seed(databaseUrl: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['server/src/cli/seed-demo.ts', '--issues', '20', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm run seed:demo', () => {
  it('on a non-empty database says to use --reset, and --reset replaces the data with the demo', async () => {
    const url = await createTestDatabase();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      expect((await seed(url)).code).toBe(0);
      await db.query(`insert into projects (key, name) values ('MINE', 'Mine')`);

      const refused = await seed(url);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('npm run seed:demo -- --reset');

      const reset = await seed(url, '--reset');
      expect(reset.out).toMatch(/Demo workspace: \d+ users, 20 issues/);
      expect(reset.code).toBe(0);
      const { rows } = await db.query<{ key: string }>('select key from projects order by key');
      expect(rows.map((r) => r.key)).not.toContain('MINE');
      expect(rows).toHaveLength(3);
      const issues = await db.query<{ n: number }>('select count(*)::int as n from issues');
      expect(issues.rows[0]!.n).toBe(20);
    } finally {
      await db.end();
    }
  });
});
