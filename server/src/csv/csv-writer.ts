// The one CSV writer for every CSV the server sends (export.csv, the timesheet): csv-stringify with
// RFC 4180 quoting and CRLF lines, and the OWASP defence against CSV injection.
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | null | undefined;

/** Makes Excel read the file as UTF-8 (Cyrillic names). */
export const CSV_BOM = '\uFEFF';

/**
 * Rows as CSV text, each ending in CRLF. Every text cell that a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a CR) gets a leading apostrophe — headers included.
 * Cells holding a comma, a quote, a line break or a semicolon are quoted: spreadsheets in locales
 * whose list separator is `;` (Russian Excel) split an unquoted cell there, and the part after it
 * (`a;=HYPERLINK(…)`) would start a formula of its own.
 */
export function csvRows(rows: readonly (readonly CsvValue[])[]): string {
  return stringify(rows as CsvValue[][], {
    escape_formulas: true,
    quoted_match: /[;\r\n]/,
    record_delimiter: '\r\n',
    cast: { boolean: (v) => String(v), number: (v) => String(v) },
  });
}
