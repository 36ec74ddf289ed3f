// Imports (issue 17): an upload is read at once (a file its format cannot read is refused with its
// reason, nothing stored); a dry run is planned there and then and kept with its preview; a real
// import is stored with its bytes (within the person's IMPORT_USER_STORED_MAX_BYTES) and queued as a
// job in the same transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import type { ImportDto, ImportMapping, ImportSkip } from '@tracker/shared/api/imports';
import { DomainError, notFound } from '@tracker/shared/domain-errors';
import { IMPORT_USER_STORED_MAX_BYTES } from '@tracker/shared/limits';
import type { Locale } from '@tracker/shared/locales';
import { enqueueIn } from '../jobs/index.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { customValuesOf, projectFields } from './import-fields.ts';
import { toImportDto } from './import.mapper.ts';
import { buildPlan, previewOf } from './import-plan.ts';
import { readImportFile } from './import-read.ts';
import { lockedStoredBytes } from './import-storage.repository.ts';
import { deleteStaleDryRuns, insertDryRun, insertQueuedImport, selectImport, selectRecentImports, type ImportValues } from './import.repository.ts';

export const IMPORT_JOB = 'imports.run';

export interface Upload {
  format: ImportFormat;
  mapping: ImportMapping;
  dryRun: boolean;
  fileName: string;
  bytes: Uint8Array;
  locale: Locale;
}

const MB = 1024 * 1024;

/** 409 `import_quota`: the person's imports waiting to run already hold too many bytes of files. */
const quotaExceeded = (stored: number) =>
  new DomainError('conflict', {
    code: 'import_quota',
    key: 'errors.import.quota',
    params: { stored: Math.ceil(stored / MB), max: IMPORT_USER_STORED_MAX_BYTES / MB },
    data: { reason: 'quota', storedBytes: stored, maxBytes: IMPORT_USER_STORED_MAX_BYTES },
  });

export async function createImport(em: EntityManager, viewer: Viewer, projectRef: number, upload: Upload): Promise<ImportDto> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.import');
  assertWritable(project);
  const parsed = readImportFile(upload.format, upload.bytes, upload.mapping.columns, [...(await projectFields(em, project.id)).keys()]);
  const mapping = { ...upload.mapping, ...(parsed.mapping && { columns: parsed.mapping }) };
  const values: ImportValues = { projectId: project.id, userId: viewer.id, format: upload.format, fileName: upload.fileName, mapping, locale: upload.locale };
  return em.transactional(async (tem) => {
    if (upload.dryRun) {
      // Previews are worth keeping for a day (the page re-reads them); older ones only fill the table.
      await deleteStaleDryRuns(tem, project.id);
      const plan = await buildPlan(tem, { projectId: project.id, format: upload.format, parsed, userMapping: upload.mapping.userMapping ?? {} });
      const notes: ImportSkip[] = [];
      for (const r of plan.records) customValuesOf(plan.fields, r.fields, r.row, notes, () => null);
      const preview = previewOf(plan, parsed, notes);
      return toImportDto(await insertDryRun(tem, values, preview.total, preview));
    }
    const stored = await lockedStoredBytes(tem, viewer.id);
    if (stored + upload.bytes.length > IMPORT_USER_STORED_MAX_BYTES) throw quotaExceeded(stored);
    const row = await insertQueuedImport(tem, values, parsed.records.length, upload.bytes);
    // One import of a project at a time: they run in the project's own queue, oldest first.
    await enqueueIn(tem, IMPORT_JOB, { importId: row.id }, { queueName: `imports:${project.id}`, maxAttempts: 3 });
    return toImportDto(row);
  });
}

/** An import, for those who may import into its project (a project they cannot see is a 404). */
export async function getImport(em: EntityManager, viewer: Viewer, id: number): Promise<ImportDto> {
  const row = await selectImport(em, id);
  if (!row) throw notFound('import');
  await requireProject(em, viewer, row.project_id, 'project.import');
  return toImportDto(row);
}

/** The project's 20 latest imports (dry runs included), newest first. */
export async function listImports(em: EntityManager, viewer: Viewer, projectRef: number): Promise<ImportDto[]> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.import');
  const rows = await selectRecentImports(em, project.id);
  return rows.map((r) => toImportDto(r, false));
}
