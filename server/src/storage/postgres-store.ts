// Files in the `blobs` table (bytea, stored out of line and uncompressed: see the migration). Its own
// small pool: the ORM inlines values into SQL text (mikro-orm#8001), which a megabyte of bytea must not
// go through, and a slow download must not hold connections that requests need.
import { Readable } from 'node:stream';
import pg from 'pg';
import { releaseLostConnections } from '../db/pool-guard.ts';
import { checkKey, readAll, type BlobStore } from './blob-store.ts';

/** A download reads this much per query, so a large file never sits whole in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export function postgresBlobStore(databaseUrl: string, options: { poolMax?: number } = {}): BlobStore {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolMax ?? 4, connectionTimeoutMillis: 10_000 });
  releaseLostConnections(pool);
  // An idle connection that dies (database restart) is dropped by the pool; the next query reconnects.
  pool.on('error', () => {});

  return {
    name: 'postgresql',
    async put(key, body, { contentType, limit }) {
      const data = await readAll(body, limit);
      await pool.query(
        `insert into blobs (key, content_type, size, data) values ($1, $2, $3, $4)
         on conflict (key) do update set content_type = excluded.content_type, size = excluded.size, data = excluded.data, created_at = now()`,
        [checkKey(key), contentType, data.length, data],
      );
      return data.length;
    },
    async get(key) {
      // Small files (avatars, images) come in this one query; larger ones continue slice by slice.
      const { rows } = await pool.query<{ content_type: string; size: number; head: Buffer }>(
        'select content_type, size, substring(data from 1 for $2) as head from blobs where key = $1',
        [checkKey(key), CHUNK_BYTES],
      );
      const row = rows[0];
      if (!row) return null;
      async function* slices() {
        if (row!.head.length) yield row!.head;
        for (let offset = row!.head.length; offset < row!.size; offset += CHUNK_BYTES) {
          const next = await pool.query<{ part: Buffer }>('select substring(data from $2 for $3) as part from blobs where key = $1', [key, offset + 1, CHUNK_BYTES]);
          if (!next.rows[0]) throw new Error(`${key} was deleted while it was being read`);
          yield next.rows[0].part;
        }
      }
      return { body: Readable.from(slices(), { objectMode: false }), size: row.size, contentType: row.content_type };
    },
    async exists(key) {
      const { rowCount } = await pool.query('select 1 from blobs where key = $1', [checkKey(key)]);
      return rowCount === 1;
    },
    async delete(key) {
      await pool.query('delete from blobs where key = $1', [checkKey(key)]);
    },
    async close() {
      await pool.end();
    },
  };
}
