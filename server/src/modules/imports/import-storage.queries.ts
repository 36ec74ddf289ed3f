// How long import files and previews are kept, and how much of them one person may store
// (docs/import.md, "Stored files"): a file lives only while its import waits or runs.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Namespace of the per-user advisory lock (two uploads of one person are counted one after the other). */
const IMPORT_QUOTA_LOCK = 0x696d;

/** The bytes of import files `userId` has stored now, counted under a lock held to the end of the caller's transaction. */
export async function lockedStoredBytes(em: EntityManager, userId: number): Promise<number> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [IMPORT_QUOTA_LOCK, userId]);
  const [row] = await em.execute<{ bytes: string | number }[]>('select coalesce(sum(octet_length(file)), 0) as bytes from imports where user_id = ? and file is not null', [userId]);
  return Number(row?.bytes ?? 0);
}

/** Imports still waiting or running after `hours`: given up by pruneImports (with the reason in their starter's language). */
export const staleImports = (em: EntityManager, hours: number) =>
  em.execute<{ id: number; locale: string }[]>(`select id, locale from imports where status in ('queued', 'running') and created_at < now() - make_interval(hours => ?)`, [hours]);

/** Marks a stale import failed with `report` and drops its file, unless it finished meanwhile. */
export const giveUpImport = (em: EntityManager, id: number, report: unknown) =>
  em.execute(`update imports set status = 'failed', file = null, report = ?::jsonb, progress_done = 0, finished_at = now() where id = ? and status in ('queued', 'running')`, [JSON.stringify(report), id]);

/**
 * Deletes previews (dry runs) older than `hours` — nobody came back to them — and the file of every
 * import that has ended (files of imports that failed before files were dropped on failure too).
 */
export async function dropOldPreviewsAndFiles(em: EntityManager, hours: number): Promise<void> {
  await em.execute(`delete from imports where status = 'dry_run' and created_at < now() - make_interval(hours => ?)`, [hours]);
  await em.execute(`update imports set file = null where file is not null and status not in ('queued', 'running')`);
}
