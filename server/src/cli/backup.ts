// `npm run backup [-- --out <file>]`: a consistent backup of the database (embedded or DATABASE_URL),
// by default into DATA_DIR/backups/. `npm run restore <file>` puts it into an empty data folder.
import { createWriteStream, mkdirSync, renameSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { loadConfig } from '../config.ts';
import { writeBackup } from '../db/backup.ts';
import { connectEmbeddedPostgres } from '../db/embedded.ts';
import { onOwnConnection } from '../db/pg-connections.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(values.out ?? path.join(config.DATA_DIR, 'backups', `tracker-${stamp}.backup.gz`));
mkdirSync(path.dirname(file), { recursive: true });

const embedded = config.DATABASE_URL ? null : await connectEmbeddedPostgres(config.DATA_DIR);
try {
  const header = await onOwnConnection(config.DATABASE_URL ?? embedded!.url, async (client) => {
    // Written beside the target and renamed at the end: a half-written backup never has the final name.
    const partial = `${file}.partial`;
    const gzip = createGzip();
    const written = finished(gzip.pipe(createWriteStream(partial)));
    const header = await writeBackup(client, gzip);
    gzip.end();
    await written;
    renameSync(partial, file);
    return header;
  });
  const rows = header.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Backup written to ${file}: ${header.tables.length} tables, ${rows} rows, schema ${header.migrations.at(-1)}.`);
  console.log(`Restore it into an empty data folder with: DATA_DIR=<new folder> npm run restore ${file}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await embedded?.stop();
}
