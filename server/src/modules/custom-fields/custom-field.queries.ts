// exports/ (backup.ts, export.queries.ts) reads the fields by this path until its own statements
// move to its repositories (issue 28); the statement is custom-field-reads.repository.ts's.
export { selectFields } from './custom-field-reads.repository.ts';
