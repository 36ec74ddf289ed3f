// The `blobs` table (bytea, stored out of line and uncompressed: see the migration) on its own small
// pool: the ORM inlines values into SQL text (mikro-orm#8001), which a megabyte of bytea must not go
// through, and a slow download must not hold connections that requests need. Typed statements
// (Kysely on that pool, typed by db/database.ts); postgres-store.ts holds the store's rules.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/kysely.ts';
import type { DB } from '../db/database.ts';
import { releaseLostConnections } from '../db/pool-guard.ts';

/** Kysely on a pool of `poolMax` connections of its own; `destroy()` ends the pool. */
export function blobsDatabase(databaseUrl: string, poolMax: number): Database {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, connectionTimeoutMillis: 10_000 });
  releaseLostConnections(pool);
  // An idle connection that dies (database restart) is dropped by the pool; the next query reconnects.
  pool.on('error', () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Stores the file under `key`, replacing one stored there before. */
export async function putBlob(db: Database, key: string, contentType: string, data: Buffer): Promise<void> {
  await db
    .insertInto('blobs')
    .values({ key, content_type: contentType, size: data.length, data })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        content_type: eb.ref('excluded.content_type'),
        size: eb.ref('excluded.size'),
        data: eb.ref('excluded.data'),
        created_at: sql<string>`now()`,
      })),
    )
    .execute();
}

/** The file's type and size, and its first `bytes` bytes. */
export function blobHead(db: Database, key: string, bytes: number) {
  return db
    .selectFrom('blobs')
    .select(['content_type', 'size', sql<Buffer>`substring(data from 1 for ${bytes})`.as('head')])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** `bytes` bytes of the file from `offset` (0-based); undefined when the file is gone. */
export async function blobSlice(db: Database, key: string, offset: number, bytes: number): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('blobs')
    .select(sql<Buffer>`substring(data from ${offset + 1} for ${bytes})`.as('part'))
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.part;
}

export async function blobExists(db: Database, key: string): Promise<boolean> {
  const row = await db.selectFrom('blobs').select(sql.lit(1).as('one')).where('key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function deleteBlob(db: Database, key: string): Promise<void> {
  await db.deleteFrom('blobs').where('key', '=', key).execute();
}
