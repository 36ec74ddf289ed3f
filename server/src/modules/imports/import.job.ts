// The import job: reads the stored file again, plans and writes it in one transaction
// (import-writer.ts). A failure leaves nothing of the import written: the row is marked failed with
// the reason, in the language of the person who started it. Not retried when the file itself is at
// fault; an interrupted run (a worker that stopped) starts again from the beginning, which is safe
// because nothing of it was committed. The stored file is deleted when the import ends either way,
// and an hourly clean-up gives up imports whose job was lost (docs/import.md, "Stored files").
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isDomainError } from '@tracker/shared/domain-errors';
import { IMPORT_ABANDONED_AFTER_HOURS } from '@tracker/shared/limits';
import { isLocale, type Locale } from '@tracker/shared/locales';
import type { JobQueue } from '../jobs/index.ts';
import { translate } from '../mail/i18n.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { buildPlan } from './import-plan.ts';
import { dropOldPreviewsAndFiles, giveUpImport, staleImports } from './import-storage.repository.ts';
import { readImportFile } from './import-read.ts';
import { advanceIssueCounter, markImportFailed, markImportRunning, projectArchivedAt, setImportProgress, setImportTotal, storedImport } from './import-run.repository.ts';
import { writeImport } from './import-writer.ts';
import { IMPORT_JOB } from './imports.service.ts';

export async function runImport(orm: MikroORM, importId: number): Promise<void> {
  const em = orm.em.fork() as EntityManager;
  const row = await storedImport(em, importId);
  if (!row || !row.file || (row.status !== 'queued' && row.status !== 'running')) return;
  // Progress goes on a connection of its own, outside the import's transaction.
  const side = () => orm.em.fork() as EntityManager;
  await markImportRunning(side(), importId);
  try {
    // A project archived while the import waited is read-only now.
    const archivedAt = await projectArchivedAt(em, row.project_id);
    assertWritable({ archivedAt: archivedAt === null ? null : new Date(archivedAt) });
    const parsed = readImportFile(row.format, new Uint8Array(row.file), row.mapping.columns);
    const plan = await buildPlan(em, { projectId: row.project_id, format: row.format, parsed, userMapping: row.mapping.userMapping ?? {} });
    await setImportTotal(side(), importId, plan.records.length);
    await writeImport(em, plan, {
      importId,
      projectId: row.project_id,
      actorId: row.user_id,
      format: row.format,
      progress: (done) => setImportProgress(side(), importId, done),
      reserveNumbers: (count) => reserveNumbers(side(), row.project_id, count),
    });
  } catch (err) {
    const locale = isLocale(row.locale) ? row.locale : 'ru';
    const detail = isDomainError(err) ? translate(locale, err.key, err.params) : err instanceof Error ? err.message.slice(0, 500) : String(err);
    const report = failureReport(locale, detail);
    // The file goes with the run: an import that ended, well or not, keeps no bytes.
    await markImportFailed(side(), importId, report);
  }
}

const failureReport = (locale: Locale, detail: string) => ({
  created: 0,
  updated: 0,
  skipped: [],
  unmatchedUsers: [],
  notes: [],
  createdStatuses: [],
  createdLabels: [],
  error: translate(locale, 'errors.import.failed', { detail }),
});

/**
 * The hourly clean-up: an import still waiting or running after IMPORT_ABANDONED_AFTER_HOURS (its
 * job lost) is given up and its file deleted; previews nobody came back to are deleted; no ended
 * import keeps its file.
 */
export async function pruneImports(em: EntityManager): Promise<void> {
  for (const stale of await staleImports(em, IMPORT_ABANDONED_AFTER_HOURS)) {
    const locale = isLocale(stale.locale) ? stale.locale : 'ru';
    await giveUpImport(em, stale.id, failureReport(locale, translate(locale, 'errors.import.expired', { hours: IMPORT_ABANDONED_AFTER_HOURS })));
  }
  await dropOldPreviewsAndFiles(em, IMPORT_ABANDONED_AFTER_HOURS);
}

/** Takes `count` numbers from the project's issue counter in a transaction of its own; returns the first. */
export async function reserveNumbers(em: EntityManager, projectId: number, count: number): Promise<number> {
  return (await advanceIssueCounter(em, projectId, count)) - count + 1;
}

export const IMPORT_PRUNE_JOB = 'imports.prune';
const PRUNE_CRON = { identifier: IMPORT_PRUNE_JOB, task: IMPORT_PRUNE_JOB, match: '23 * * * *', maxAttempts: 3 };

export function registerImports(jobs: JobQueue, orm: MikroORM) {
  jobs.register(
    {
      [IMPORT_JOB]: async (payload) => runImport(orm, Number(payload.importId)),
      [IMPORT_PRUNE_JOB]: async () => pruneImports(orm.em.fork() as EntityManager),
    },
    [PRUNE_CRON],
  );
}
