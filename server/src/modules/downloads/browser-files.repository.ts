// Files the web app made, held for Telegram's downloader (Migration20261211200000_browser_files).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** Files a user may hold at once: the oldest go first (each is asked for once, right after it is made). */
const KEPT_PER_USER = 10;

export interface BrowserFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** Stores the file until `expiresAt` and returns its id; expired files (anyone's) and the user's oldest beyond the cap go. */
export async function insertBrowserFile(em: EntityManager, userId: number, file: BrowserFile, expiresAt: Date): Promise<string> {
  const db = kysely(em);
  await db.deleteFrom('browser_files').where('expires_at', '<=', sql<string>`now()`).execute();
  const row = await db
    .insertInto('browser_files')
    .values({ user_id: userId, file_name: file.fileName, content_type: file.contentType, body: file.body, expires_at: expiresAt.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('browser_files')
    .where('user_id', '=', userId)
    .where('id', 'not in', db.selectFrom('browser_files').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(KEPT_PER_USER))
    .execute();
  return row.id;
}

/** The user's file while it has not expired. */
export async function selectBrowserFile(em: EntityManager, id: string, userId: number): Promise<BrowserFile | undefined> {
  const row = await kysely(em)
    .selectFrom('browser_files')
    .select(['file_name', 'content_type', 'body'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', sql<string>`now()`)
    .executeTakeFirst();
  return row && { fileName: row.file_name, contentType: row.content_type, body: row.body };
}
