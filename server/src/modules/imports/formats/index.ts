// The import formats by id (issue 17). A format with no parser (none today) answers a clear 400
// `errors.import.formatUnavailable`.
import type { ImportFormat } from '@tracker/shared/api/import-record';
import { importError } from '../import-error.ts';
import { csvFormat } from './csv.ts';
import { githubFormat } from './github.ts';
import { jiraFormat } from './jira.ts';
import { linearFormat } from './linear.ts';
import { trackerFormat } from './tracker.ts';
import { trelloFormat } from './trello.ts';
import type { ImportFormatParser } from './format.ts';

const FORMATS: Record<ImportFormat, ImportFormatParser | null> = {
  csv: csvFormat,
  jira: jiraFormat,
  trello: trelloFormat,
  github: githubFormat,
  linear: linearFormat,
  tracker: trackerFormat,
};

export function formatParser(format: ImportFormat): ImportFormatParser {
  const parser = FORMATS[format];
  if (!parser) throw importError('formatUnavailable', { format });
  return parser;
}

/** Formats whose parser is present (the page offers these). */
export const availableFormats = (): ImportFormat[] => (Object.keys(FORMATS) as ImportFormat[]).filter((f) => FORMATS[f]);
