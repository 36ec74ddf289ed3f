// `npm run db:types`: migrates a throwaway embedded PostgreSQL and writes its tables' types (db/database.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATABASE_TYPES_FILE, databaseTypes } from '../db/database-types.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm, migrate } from '../db/orm.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tracker-db-types-'));
const db = await startEmbeddedPostgres(dir, { throwaway: true });
try {
  const orm = await createOrm(db.url, { poolMax: 2 });
  await migrate(orm).finally(() => orm.close(true));
  writeFileSync(DATABASE_TYPES_FILE, await databaseTypes(db.url));
  console.log(`wrote ${DATABASE_TYPES_FILE.pathname}`);
} finally {
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
