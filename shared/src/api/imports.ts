// Imports (issue 17): the upload's fields, the import as the API shows it, its dry-run preview and
// its report. The records the formats produce are in import-record.ts.
import { z } from 'zod';
import { id, text } from './fields.ts';
import { IMPORT_FORMATS } from './import-record.ts';
import { STATUS_CATEGORIES } from './projects.ts';
import { CSV_TARGETS } from './values/imports.ts';

export { CSV_TARGETS };

export { IMPORT_FORMATS, type ImportFormat } from './import-record.ts';

export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'dry_run'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export type CsvTarget = (typeof CSV_TARGETS)[number];

/**
 * The `mapping` form field (a JSON string): for CSV, target → column (`field:<name>` for a custom
 * field); `userMapping` maps a person as the file names them (e-mail or name) to a user id, or to
 * null for nobody. Both optional; a CSV mapping left out is guessed from the header.
 */
export const importMappingSchema = z
  .object({
    columns: z.record(text().max(120), text().max(200)).optional(),
    userMapping: z.record(text().max(254), id().nullable()).optional(),
  })
  .strict();
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** The text fields of the multipart upload (the file comes as `file`). */
export const createImportFieldsSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  mapping: text()
    .max(100_000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {};
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.json' });
        return z.NEVER;
      }
    })
    .pipe(importMappingSchema),
  dryRun: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** A row that was or would be skipped, and why (`reason` is a key under `imports:reasons`). */
export const importSkipSchema = z.object({ row: z.number().int(), reason: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() });
export type ImportSkip = z.infer<typeof importSkipSchema>;

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.array(importSkipSchema),
  unmatchedUsers: z.array(z.string()),
  /** Values left out of rows that were imported (a custom field the project lacks, a value that does not fit). */
  notes: z.array(importSkipSchema).default([]),
  /** Statuses and labels the import made. */
  createdStatuses: z.array(z.string()).default([]),
  createdLabels: z.array(z.string()).default([]),
  /** A failed import: why (its message in the reader's language), and nothing of it was written. */
  error: z.string().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importPreviewRowSchema = z.object({
  row: z.number().int(),
  externalId: z.string(),
  action: z.enum(['create', 'update']),
  title: z.string(),
  status: z.string().nullable(),
  assignee: z.string().nullable(),
  labels: z.array(z.string()),
  priority: z.string().nullable(),
  dueDate: z.string().nullable(),
  comments: z.number().int(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewSchema = z.object({
  rows: z.array(importPreviewRowSchema),
  total: z.number().int(),
  wouldCreate: z.number().int(),
  wouldUpdate: z.number().int(),
  skipped: z.array(importSkipSchema),
  unmatchedUsers: z.array(z.string()),
  notes: z.array(importSkipSchema),
  newStatuses: z.array(z.object({ name: z.string(), category: z.enum(STATUS_CATEGORIES) })),
  newLabels: z.array(z.string()),
  /** CSV: the header row and the column mapping used (guessed or given). */
  columns: z.array(z.string()).optional(),
  mapping: z.record(z.string(), z.string()).optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  report: importReportSchema.nullable(),
  preview: importPreviewSchema.optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportDto = z.infer<typeof importSchema>;

export const importResponseSchema = z.object({ import: importSchema });
/** The 202 of an upload: at least `{ id, status }`; the whole import (with a dry run's preview) is given. */
export const createImportResponseSchema = importResponseSchema;
/** A project's latest imports, and the formats this server can read. */
export const importsResponseSchema = z.object({ imports: z.array(importSchema.omit({ preview: true })), formats: z.array(z.enum(IMPORT_FORMATS)) });
