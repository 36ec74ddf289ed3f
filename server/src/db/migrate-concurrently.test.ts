// Replicas starting together on a new database (docker compose up): both migrate, one after the other.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { createOrm, migrate } from './orm.ts';
import { migrationsList } from './migrations/index.ts';

async function emptyDatabase(): Promise<string> {
  const templateUrl = inject('pgTemplateUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return templateUrl.replace(/\/[^/]+$/, `/${name}`);
}

describe('migrations', () => {
  it('run once when two processes start on an empty database at the same time', async () => {
    const url = await emptyDatabase();
    const orms = await Promise.all([createOrm(url, { poolMax: 2 }), createOrm(url, { poolMax: 2 })]);
    try {
      await Promise.all(orms.map((orm) => migrate(orm)));
      const applied = await orms[0]!.em.getConnection().execute<{ name: string }[]>('select name from mikro_orm_migrations order by id');
      expect(applied.map((row) => row.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      await Promise.all(orms.map((orm) => orm.close(true)));
    }
  }, 60_000);
});
