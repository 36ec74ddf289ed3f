// The imports table as the imports service writes and reads it: dry runs with their preview, real
// imports with their file, and the import pages' rows. Typed queries (db/kysely.ts); the rules are
// imports.service.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import type { ImportRow } from './import.mapper.ts';

/** What every import row carries, whatever its status. */
export interface ImportValues {
  projectId: number;
  userId: number;
  format: string;
  fileName: string;
  mapping: unknown;
  locale: string;
}

/** The columns an import's DTO is made of (import.mapper.ts). */
const IMPORT_COLUMNS = ['id', 'project_id', 'format', 'file_name', 'status', 'progress_done', 'progress_total', 'report', 'preview', 'created_at', 'finished_at'] as const;

const common = (v: ImportValues) => ({
  project_id: v.projectId,
  user_id: v.userId,
  format: v.format,
  file_name: v.fileName,
  mapping: JSON.stringify(v.mapping),
  locale: v.locale,
});

/** Deletes the project's dry runs older than a day: their previews are no longer read. */
export async function deleteStaleDryRuns(em: EntityManager, projectId: number): Promise<void> {
  await kysely(em)
    .deleteFrom('imports')
    .where('project_id', '=', projectId)
    .where('status', '=', sql.lit('dry_run'))
    .where('created_at', '<', sql<string>`now() - interval '1 day'`)
    .execute();
}

/** A finished dry run with its preview (`total` rows planned); its row. */
export async function insertDryRun(em: EntityManager, values: ImportValues, total: number, preview: unknown): Promise<ImportRow> {
  return kysely(em)
    .insertInto('imports')
    .values({ ...common(values), status: sql.lit('dry_run'), progress_total: total, preview: JSON.stringify(preview), finished_at: sql<string>`now()` })
    .returning(IMPORT_COLUMNS)
    .$castTo<ImportRow>()
    .executeTakeFirstOrThrow();
}

/** A queued import holding its file (`total` records to write); its row. */
export async function insertQueuedImport(em: EntityManager, values: ImportValues, total: number, file: Uint8Array): Promise<ImportRow> {
  return kysely(em)
    .insertInto('imports')
    .values({ ...common(values), status: sql.lit('queued'), progress_total: total, file: Buffer.from(file) })
    .returning(IMPORT_COLUMNS)
    .$castTo<ImportRow>()
    .executeTakeFirstOrThrow();
}

/** One import's row, if it exists. */
export async function selectImport(em: EntityManager, id: number): Promise<ImportRow | null> {
  const row = await kysely(em).selectFrom('imports').select(IMPORT_COLUMNS).$castTo<ImportRow>().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** A project's 20 latest imports (dry runs included), newest first. */
export function selectRecentImports(em: EntityManager, projectId: number): Promise<ImportRow[]> {
  return kysely(em).selectFrom('imports').select(IMPORT_COLUMNS).$castTo<ImportRow>().where('project_id', '=', projectId).orderBy('id', 'desc').limit(20).execute();
}
