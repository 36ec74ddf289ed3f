// `npm run restore <file>`: restores a backup of `npm run backup` into an empty data folder (DATA_DIR)
// or an empty DATABASE_URL database; the schema comes from this code's migrations.
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { loadConfig } from '../config.ts';
import { isEmptyDatabase, readBackupHeader, restoreBackup } from '../db/backup.ts';
import { connectEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm, migrate } from '../db/orm.ts';
import { onOwnConnection } from '../db/pg-connections.ts';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.error(file ? `No such file: ${file}` : 'usage: npm run restore <backup file>   (into an empty DATA_DIR, or an empty DATABASE_URL database)');
  process.exit(2);
}

const open = () => createReadStream(file).pipe(createGunzip());
try {
  await readBackupHeader(open());
} catch (err) {
  const notGzip = (err as { code?: string }).code === 'Z_DATA_ERROR';
  console.error(`Restore failed: ${notGzip ? 'this file is not a Tracker backup (not gzip-compressed).' : (err as Error).message}`);
  process.exit(1);
}

const config = loadConfig();
const embedded = config.DATABASE_URL ? null : await connectEmbeddedPostgres(config.DATA_DIR);
const url = config.DATABASE_URL ?? embedded!.url;
try {
  const header = await onOwnConnection(url, async (client) => {
    if (!(await isEmptyDatabase(client))) {
      const where = config.DATABASE_URL ? 'The DATABASE_URL database' : `The data folder ${path.resolve(config.DATA_DIR)}`;
      throw new Error(`${where} already has data. Restore into an empty one, e.g. DATA_DIR=./restored npm run restore ${file}`);
    }
    const orm = await createOrm(url, { poolMax: 1 });
    await migrate(orm);
    await orm.close(true);
    return restoreBackup(client, open());
  });
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Restored ${header.tables.length} tables, ${rows} rows, from the backup of ${header.createdAt}.`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
