// The import formats by id (issue 17). A format whose parser is not on this branch yet answers a
// clear 400 `errors.import.formatUnavailable`.
import type { ImportFormat } from '@tracker/shared/api/import-record';
import { importError } from '../import-error.ts';
import { csvFormat } from './csv.ts';
import type { ImportFormatParser } from './format.ts';

// INTEGRATOR: fill each slot with its parser once its file is merged, e.g.
//   import { jiraFormat } from './jira.ts';     jira: jiraFormat,
//   import { trelloFormat } from './trello.ts'; trello: trelloFormat,
//   import { githubFormat } from './github.ts'; github: githubFormat,
//   import { linearFormat } from './linear.ts'; linear: linearFormat,
//   import { trackerFormat } from './tracker.ts'; tracker: trackerFormat,
const FORMATS: Record<ImportFormat, ImportFormatParser | null> = {
  csv: csvFormat,
  jira: null,
  trello: null,
  github: null,
  linear: null,
  tracker: null,
};

export function formatParser(format: ImportFormat): ImportFormatParser {
  const parser = FORMATS[format];
  if (!parser) throw importError('formatUnavailable', { format });
  return parser;
}

/** Formats whose parser is present (the page offers these). */
export const availableFormats = (): ImportFormat[] => (Object.keys(FORMATS) as ImportFormat[]).filter((f) => FORMATS[f]);
