// A file an import cannot read: a 400 `import_invalid` whose message is `errors.import.<reason>`
// in the reader's language, with the reason (and its values) in `data` for clients.
import { DomainError, type MessageParams } from '@tracker/shared/domain-errors';

export type ImportErrorReason =
  | 'encoding'
  | 'notCsv'
  | 'empty'
  | 'missingColumn'
  | 'unknownColumn'
  | 'tooManyRows'
  | 'formatUnavailable'
  | 'noFile'
  | 'tooLarge'
  | 'failed'
  | (string & {});

/** `extra` goes to `data` only (e.g. the header's columns, so the page can offer the mapping step). */
export const importError = (reason: ImportErrorReason, params: MessageParams = {}, extra: Record<string, unknown> = {}) =>
  new DomainError('invalid', { code: 'import_invalid', key: `errors.import.${reason}`, params, data: { reason, ...params, ...extra } });
