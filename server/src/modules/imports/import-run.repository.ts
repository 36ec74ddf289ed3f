// An import's run as the job writes it (import.job.ts, import-writer.ts): its stored row read back,
// its status and progress, the report it ends with, and the issue numbers it takes. Typed queries
// (db/kysely.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportMapping } from '@tracker/shared/api/imports';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** What the job needs of an import's row: the file, how to read it, and who started it. */
export function storedImport(em: EntityManager, importId: number) {
  return kysely(em)
    .selectFrom('imports')
    .select(['project_id', 'user_id', 'format', 'mapping', 'status', 'file', 'locale'])
    .$narrowType<{ format: ImportFormat; mapping: ImportMapping }>()
    .where('id', '=', importId)
    .executeTakeFirst();
}

/** When the project was archived; null while it is not (or does not exist). */
export async function projectArchivedAt(em: EntityManager, projectId: number): Promise<string | null> {
  const row = await kysely(em).selectFrom('projects').select('archived_at').where('id', '=', projectId).executeTakeFirst();
  return row?.archived_at ?? null;
}

export async function markImportRunning(em: EntityManager, importId: number): Promise<void> {
  await kysely(em).updateTable('imports').set({ status: sql.lit('running'), progress_done: 0 }).where('id', '=', importId).execute();
}

/** How many records the run will write. */
export async function setImportTotal(em: EntityManager, importId: number, total: number): Promise<void> {
  await kysely(em).updateTable('imports').set({ progress_total: total }).where('id', '=', importId).execute();
}

/** How many records the run has written. */
export async function setImportProgress(em: EntityManager, importId: number, done: number): Promise<void> {
  await kysely(em).updateTable('imports').set({ progress_done: done }).where('id', '=', importId).execute();
}

/** The import ended with `report`: written whole, its file dropped. */
export async function markImportSucceeded(em: EntityManager, importId: number, report: unknown): Promise<void> {
  await kysely(em)
    .updateTable('imports')
    .set((eb) => ({ status: sql.lit('succeeded'), report: JSON.stringify(report), progress_done: eb.ref('progress_total'), finished_at: sql<string>`now()`, file: null }))
    .where('id', '=', importId)
    .execute();
}

/** The import failed with `report` (nothing of it was written), its file dropped. */
export async function markImportFailed(em: EntityManager, importId: number, report: unknown): Promise<void> {
  await kysely(em)
    .updateTable('imports')
    .set({ status: sql.lit('failed'), report: JSON.stringify(report), progress_done: 0, finished_at: sql<string>`now()`, file: null })
    .where('id', '=', importId)
    .execute();
}

/** Adds `count` to the project's issue counter; the counter's new value (the last number taken). */
export async function advanceIssueCounter(em: EntityManager, projectId: number, count: number): Promise<number> {
  const row = await kysely(em)
    .updateTable('projects')
    .set((eb) => ({ issue_counter: eb('issue_counter', '+', count) }))
    .where('id', '=', projectId)
    .returning('issue_counter')
    .executeTakeFirstOrThrow();
  return row.issue_counter;
}
