import type { ImportDto, ImportPreview, ImportReport } from '@tracker/shared/api/imports';
import type { ImportFormat } from '@tracker/shared/api/import-record';
import { iso } from '../../db/sql.ts';

export interface ImportRow {
  id: number;
  project_id: number;
  format: string;
  file_name: string;
  status: string;
  progress_done: number;
  progress_total: number;
  report: ImportReport | null;
  preview: ImportPreview | null;
  created_at: string | Date;
  finished_at: string | Date | null;
}

export function toImportDto(r: ImportRow, withPreview = true): ImportDto {
  return {
    id: r.id,
    projectId: r.project_id,
    format: r.format as ImportFormat,
    fileName: r.file_name,
    status: r.status as ImportDto['status'],
    progress: { done: r.progress_done, total: r.progress_total },
    report: r.report,
    ...(withPreview && r.preview && { preview: r.preview }),
    createdAt: iso(r.created_at),
    finishedAt: iso(r.finished_at),
  };
}
