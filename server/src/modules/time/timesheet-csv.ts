// The timesheet as CSV (RFC 4180): CRLF line ends, every field quoted when it holds a quote, a
// comma or a line break, and a UTF-8 BOM so spreadsheet programs read Cyrillic names right.
import type { SheetEntryRow } from './time.repository.ts';

export const CSV_HEADER = ['date', 'user', 'project', 'issue', 'title', 'minutes', 'hours', 'note'];

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text (OWASP CSV injection).
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function field(value: string | number): string {
  const s = typeof value === 'number' ? String(value) : defuse(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function timesheetCsv(rows: readonly SheetEntryRow[]): string {
  const lines = [CSV_HEADER, ...rows.map((r) => [r.date, r.user_name, r.project_key, r.issue_key, r.issue_title, r.minutes, (r.minutes / 60).toFixed(2), r.note])];
  return `\uFEFF${lines.map((line) => line.map(field).join(',')).join('\r\n')}\r\n`;
}
