// How long import files and previews are kept, and how much of them one person may store
// (docs/import.md, "Stored files"): a file lives only while its import waits or runs. Typed queries
// (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** Namespace of the per-user advisory lock (two uploads of one person are counted one after the other). */
const IMPORT_QUOTA_LOCK = 0x696d;

const hoursAgo = (hours: number) => sql<string>`now() - make_interval(hours => ${hours})`;
const waitingOrRunning = [sql.lit('queued'), sql.lit('running')];

/** The bytes of import files `userId` has stored now, counted under a lock held to the end of the caller's transaction. */
export async function lockedStoredBytes(em: EntityManager, userId: number): Promise<number> {
  const db = kysely(em);
  await db.selectNoFrom((eb) => eb.fn<unknown>('pg_advisory_xact_lock', [eb.val(IMPORT_QUOTA_LOCK), eb.val(userId)]).as('locked')).execute();
  const row = await db
    .selectFrom('imports')
    .select(sql<string | number>`coalesce(sum(octet_length(file)), 0)`.as('bytes'))
    .where('user_id', '=', userId)
    .where('file', 'is not', null)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** Imports still waiting or running after `hours`: given up by pruneImports (with the reason in their starter's language). */
export const staleImports = (em: EntityManager, hours: number) =>
  kysely(em).selectFrom('imports').select(['id', 'locale']).where('status', 'in', waitingOrRunning).where('created_at', '<', hoursAgo(hours)).execute();

/** Marks a stale import failed with `report` and drops its file, unless it finished meanwhile. */
export async function giveUpImport(em: EntityManager, id: number, report: unknown): Promise<void> {
  await kysely(em)
    .updateTable('imports')
    .set({ status: sql.lit('failed'), file: null, report: JSON.stringify(report), progress_done: 0, finished_at: sql<string>`now()` })
    .where('id', '=', id)
    .where('status', 'in', waitingOrRunning)
    .execute();
}

/**
 * Deletes previews (dry runs) older than `hours` — nobody came back to them — and the file of every
 * import that has ended (files of imports that failed before files were dropped on failure too).
 */
export async function dropOldPreviewsAndFiles(em: EntityManager, hours: number): Promise<void> {
  const db = kysely(em);
  await db.deleteFrom('imports').where('status', '=', sql.lit('dry_run')).where('created_at', '<', hoursAgo(hours)).execute();
  await db.updateTable('imports').set({ file: null }).where('file', 'is not', null).where('status', 'not in', waitingOrRunning).execute();
}
