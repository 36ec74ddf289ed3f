import { useErrorText } from '../projects/index.ts';
import { ApiError } from '../../lib/http.ts';

/**
 * The server's own message for a file it refused (it names the problem: every format's refusal
 * carries `data.reason`); the usual text otherwise.
 */
export function useImportErrorText() {
  const errorText = useErrorText();
  const named = (err: ApiError) => err.data.code === 'import_invalid' || err.data.code === 'payload_too_large' || typeof err.data.reason === 'string';
  return (err: unknown) => (err instanceof ApiError && named(err) && err.statusMessage ? err.statusMessage : errorText(err));
}

/** The header columns a refused CSV carried (a missing title column): the mapping step can still be offered. */
export const refusedColumns = (err: unknown): string[] | null =>
  err instanceof ApiError && Array.isArray((err.data as { columns?: unknown }).columns) ? ((err.data as { columns: string[] }).columns) : null;
