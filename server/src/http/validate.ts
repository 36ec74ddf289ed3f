import type { z } from 'zod';
import { validationError } from './errors.ts';

/** Parses input with a shared zod schema; a failure is a 400 carrying the zod issues. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
