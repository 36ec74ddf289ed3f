// The generic CSV format (issue 17): a header row, a delimiter sniffed from it (`,` `;` or tab), and
// a column mapping (given, or guessed from the header in English and Russian). Each data row is one
// record; its `row` is the spreadsheet's row number (the header is row 1).
import { CSV_TARGETS, type CsvTarget } from '@tracker/shared/api/imports';
import type { ImportProblem, ImportRecord } from '@tracker/shared/api/import-record';
import { CsvError, parse } from 'csv-parse/sync';
import { importError } from '../import-error.ts';
import { guessMapping } from './csv-columns.ts';
import { categoryOf, CellError, list, number, person, priority, when } from './csv-values.ts';
import type { ColumnMapping, ImportFormatParser, ParsedImport } from './format.ts';

const FIELD_PREFIX = 'field:';

/** The delimiter that splits the header line most often (outside quotes). */
export function sniffDelimiter(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![1] > 0 ? [...counts].sort((a, b) => b[1] - a[1])[0]![0] : ',';
}

function readRows(text: string): string[][] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('<')) throw importError('notCsv', { detail: trimmed.startsWith('<') ? 'XML/HTML' : 'JSON' });
  try {
    return parse(text, { delimiter: sniffDelimiter(text), relax_column_count: true, skip_empty_lines: true, bom: true, trim: false }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) throw importError('notCsv', { detail: err.message.slice(0, 200) });
    throw err;
  }
}

/** export.csv (and spreadsheets) write `'=…` so a cell is not run as a formula: read the text back. */
const unguard = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** The header row alone (for the mapping step). */
export function csvColumns(text: string): string[] {
  const rows = readRows(text);
  return (rows[0] ?? []).map((c) => unguard(c.trim()));
}

function indexes(columns: string[], mapping: ColumnMapping): Map<string, number> {
  const at = new Map<string, number>();
  for (const [target, column] of Object.entries(mapping)) {
    if (!column) continue;
    if (!(CSV_TARGETS as readonly string[]).includes(target) && !target.startsWith(FIELD_PREFIX)) continue;
    const i = columns.indexOf(column.trim());
    if (i < 0) throw importError('unknownColumn', { column }, { columns });
    at.set(target, i);
  }
  if (!at.has('title')) throw importError('missingColumn', { field: 'title' }, { columns });
  return at;
}


export const csvFormat: ImportFormatParser & { parseWithMapping(text: string, mapping?: ColumnMapping, fieldNames?: readonly string[]): ParsedImport & { mapping: ColumnMapping } } = {
  id: 'csv',
  parse(text, mapping) {
    return this.parseWithMapping(text, mapping);
  },
  parseWithMapping(text, given, fieldNames: readonly string[] = []) {
    const rows = readRows(text);
    if (rows.length < 2) throw importError('empty');
    const columns = rows[0]!.map((c) => unguard(c.trim()));
    const mapping = given && Object.keys(given).length ? given : guessMapping(columns, fieldNames);
    const at = indexes(columns, mapping);
    const records: ImportRecord[] = [];
    const problems: ImportProblem[] = [];
    const seenTitles = new Map<string, number>();
    for (let i = 1; i < rows.length; i += 1) {
      const cells = rows[i]!;
      const row = i + 1;
      if (cells.every((c) => !c.trim())) continue;
      const cell = (target: CsvTarget | string) => unguard(at.has(target) ? (cells[at.get(target)!] ?? '') : '');
      const title = cell('title').trim().slice(0, 300);
      if (!title) {
        problems.push({ row, code: 'emptyTitle' });
        continue;
      }
      try {
        records.push(recordOf(row, title, cell, at, seenTitles));
      } catch (err) {
        if (!(err instanceof CellError)) throw err;
        problems.push({ row, code: err.reason });
      }
    }
    return { records, problems, columns, mapping };
  },
};

function recordOf(row: number, title: string, cell: (t: string) => string, at: Map<string, number>, seenTitles: Map<string, number>): ImportRecord {
  // Without an id column, the title (and its occurrence) is the identity a re-import updates by.
  let externalId = cell('externalId').trim();
  if (!externalId) {
    const key = title.toLowerCase();
    const n = (seenTitles.get(key) ?? 0) + 1;
    seenTitles.set(key, n);
    externalId = `title:${key.slice(0, 180)}${n > 1 ? `#${n}` : ''}`;
  }
  const status = cell('status').trim().slice(0, 50);
  const fields: Record<string, string> = {};
  for (const target of at.keys()) if (target.startsWith(FIELD_PREFIX) && cell(target).trim()) fields[target.slice(FIELD_PREFIX.length)] = cell(target).trim();
  const description = cell('description');
  return {
    externalId: externalId.slice(0, 200),
    row,
    title,
    ...(description.trim() && { description: description.slice(0, 100_000) }),
    ...(status && { status: { name: status, ...(categoryOf(status) && { category: categoryOf(status) }) } }),
    ...(priority(cell('priority')) && { priority: priority(cell('priority')) }),
    labels: list(cell('labels')).map((name) => ({ name })),
    ...(person(cell('assignee')) && { assignee: person(cell('assignee')) }),
    ...(person(cell('reporter')) && { reporter: person(cell('reporter')) }),
    ...(when(cell('startDate')) && { startDate: when(cell('startDate'))!.slice(0, 10) }),
    ...(when(cell('dueDate')) && { dueDate: when(cell('dueDate'))!.slice(0, 10) }),
    ...(number(cell('estimate')) !== undefined && { estimate: number(cell('estimate')) }),
    ...(cell('parentExternalId').trim() && { parentExternalId: cell('parentExternalId').trim().slice(0, 200) }),
    ...(when(cell('createdAt')) && { createdAt: when(cell('createdAt')) }),
    ...(when(cell('updatedAt')) && { updatedAt: when(cell('updatedAt')) }),
    ...(when(cell('completedAt')) && { completedAt: when(cell('completedAt')) }),
    fields,
    comments: [],
    activity: [],
    attachments: [],
  };
}
