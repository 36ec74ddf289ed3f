// An uploaded file → records: decoded, parsed by its format (a CSV with its column mapping), and
// refused as a whole when it holds more rows than one import may.
import type { ImportFormat } from '@tracker/shared/api/import-record';
import { IMPORT_MAX_ROWS } from '@tracker/shared/limits';
import { csvFormat } from './formats/csv.ts';
import { decodeImportFile } from './formats/decode.ts';
import type { ColumnMapping, ParsedImport } from './formats/format.ts';
import { formatParser } from './formats/index.ts';
import { importError } from './import-error.ts';

/** `fieldNames`: the project's custom fields, which a guessed CSV mapping fills from columns of the same name. */
export function readImportFile(format: ImportFormat, bytes: Uint8Array, columns: ColumnMapping | undefined, fieldNames: readonly string[] = []): ParsedImport & { mapping?: ColumnMapping } {
  const parser = formatParser(format);
  if (!bytes.length) throw importError('empty');
  const text = decodeImportFile(bytes);
  const parsed = format === 'csv' ? csvFormat.parseWithMapping(text, columns, fieldNames) : parser.parse(text, columns);
  const rows = parsed.records.length + parsed.problems.length;
  if (rows > IMPORT_MAX_ROWS) throw importError('tooManyRows', { rows, max: IMPORT_MAX_ROWS });
  if (!rows) throw importError('empty');
  return parsed;
}
