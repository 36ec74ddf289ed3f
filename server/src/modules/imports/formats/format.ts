// What an import format is (issue 17): a parser from the uploaded bytes to ImportRecords. A file that
// is not what its format says throws a DomainError `invalid` with a code of its own
// (`errors.import.<code>` in both languages); a single unreadable row becomes an ImportProblem and
// the rest of the file still imports.
import type { ExportCustomField } from '@tracker/shared/api/export';
import type { ImportFormat, ImportProblem, ImportRecord } from '@tracker/shared/api/import-record';
import type { StatusCategory } from '@tracker/shared/api/projects';

export interface ParsedImport {
  records: ImportRecord[];
  problems: ImportProblem[];
  /** CSV formats: the header row, offered in the column-mapping step. */
  columns?: string[];
  /**
   * Tracker's export.json: the source project's whole catalog, so an import into a new project can
   * create every status (in order), label and custom field (type, options), used by an issue or not.
   */
  catalog?: {
    statuses: { name: string; category: StatusCategory; color: string; position: number }[];
    labels: { name: string; color: string }[];
    customFields: ExportCustomField[];
  };
}

/** Generic CSV: which column holds which record field (`title`, `status`, `assignee`, `labels`, …, `field:<name>`). */
export type ColumnMapping = Record<string, string>;

export interface ImportFormatParser {
  readonly id: ImportFormat;
  /** `text` is the file already decoded (UTF-8, UTF-8 with BOM, UTF-16 or cp1251 detected and read). */
  parse(text: string, mapping?: ColumnMapping): ParsedImport;
}
