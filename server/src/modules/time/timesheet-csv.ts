// The timesheet as CSV, through the server's one CSV writer (RFC 4180, CRLF, formula escaping,
// `;`-safe quoting) with a UTF-8 BOM so spreadsheet programs read Cyrillic names right.
import { CSV_BOM, csvRows } from '../../csv/csv-writer.ts';
import type { SheetEntryRow } from './time.repository.ts';

export const CSV_HEADER = ['date', 'user', 'project', 'issue', 'title', 'minutes', 'hours', 'note'];

export function timesheetCsv(rows: readonly SheetEntryRow[]): string {
  return CSV_BOM + csvRows([CSV_HEADER, ...rows.map((r) => [r.date, r.user_name, r.project_key, r.issue_key, r.issue_title, r.minutes, (r.minutes / 60).toFixed(2), r.note])]);
}
