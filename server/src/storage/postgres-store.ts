// Files in the `blobs` table, on a pool of their own (blobs.repository.ts says why).
import { Readable } from 'node:stream';
import { checkKey, readAll, type BlobStore } from './blob-store.ts';
import { blobExists, blobHead, blobSlice, blobsDatabase, deleteBlob, putBlob } from './blobs.repository.ts';

/** A download reads this much per query, so a large file never sits whole in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export function postgresBlobStore(databaseUrl: string, options: { poolMax?: number } = {}): BlobStore {
  const db = blobsDatabase(databaseUrl, options.poolMax ?? 4);

  return {
    name: 'postgresql',
    async put(key, body, { contentType, limit }) {
      const data = await readAll(body, limit);
      await putBlob(db, checkKey(key), contentType, data);
      return data.length;
    },
    async get(key) {
      // Small files (avatars, images) come in this one query; larger ones continue slice by slice.
      const row = await blobHead(db, checkKey(key), CHUNK_BYTES);
      if (!row) return null;
      async function* slices() {
        if (row!.head.length) yield row!.head;
        for (let offset = row!.head.length; offset < row!.size; offset += CHUNK_BYTES) {
          const part = await blobSlice(db, key, offset, CHUNK_BYTES);
          if (!part) throw new Error(`${key} was deleted while it was being read`);
          yield part;
        }
      }
      return { body: Readable.from(slices(), { objectMode: false }), size: row.size, contentType: row.content_type };
    },
    exists: (key) => blobExists(db, checkKey(key)),
    async delete(key) {
      await deleteBlob(db, checkKey(key));
    },
    async close() {
      await db.destroy();
    },
  };
}
