import { validationKey } from '@tracker/shared/api/fields';
import type { z } from 'zod';
import { validationError } from './errors.ts';

/**
 * Parses input with a shared zod schema; a failure is a 400 carrying the zod issues. Where a schema
 * names no message, the issue gets an i18n key (`validation.*`), never zod's English.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: validationKey });
  if (!result.success) throw validationError(result.error);
  return result.data;
}
