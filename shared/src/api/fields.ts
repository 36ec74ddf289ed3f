// The building blocks of every input schema. Each one refuses what PostgreSQL would refuse later
// with an error (issue 11, M1): NUL in text, integers beyond `int4`, dates outside the years a
// person means. Input schemas use these instead of bare `z.string()` / `z.number()`.
import { z } from 'zod';
import { validationKey } from './values/fields.ts';

export { validationKey };

/** The largest value of a PostgreSQL `integer` (ids, counters, positions). */
export const INT4_MAX = 2_147_483_647;
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** NUL is never valid text: PostgreSQL cannot store it in `text` or `jsonb`. */
export const hasNul = (s: string) => s.includes('\u0000');

/** Any text field. Chain `.trim()`, `.min()`, `.max()` as with `z.string()`. */
export const text = () => z.string('validation.invalid').refine((s) => !hasNul(s), 'validation.invalidCharacter');

/** An integer that fits an `integer` column, from JSON. */
export const int32 = (min = -INT4_MAX - 1, max = INT4_MAX) =>
  z.number('validation.invalid').int('validation.invalid').min(min, 'validation.min').max(max, 'validation.max');

/** A row id in a JSON body: 1 … 2147483647. */
export const id = () => int32(1);

/** An integer given as text (a path segment or query value), bounded like `int32`. */
export const int32Param = (min = -INT4_MAX - 1, max = INT4_MAX) =>
  z.coerce.number('validation.invalid').int('validation.invalid').min(min, 'validation.min').max(max, 'validation.max');

/** A row id in a path or query: 1 … 2147483647. */
export const idParam = () => int32Param(1);

/** A comma-separated list of ids in a query (`status=1,2`), each within `int4`. */
export const idListParam = () =>
  text()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.invalid')
    .refine((s) => s.split(',').every((n) => Number(n) >= 1 && Number(n) <= INT4_MAX), 'validation.max');

const yearInRange = (s: string) => {
  const year = Number(s.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/** A calendar date `YYYY-MM-DD` in the years 1900–9999. */
export const dateOnly = () => z.iso.date('validation.date').refine(yearInRange, 'validation.dateRange');

/** An ISO date and time with an offset, in the years 1900–9999. */
export const dateTime = () => z.iso.datetime({ offset: true, message: 'validation.invalid' }).refine(yearInRange, 'validation.dateRange');

/** A JSON value of any shape (stored as `jsonb`): no NUL in any string or key, nested at most 20 deep. */
export const jsonValue = () => z.unknown().refine((v) => jsonSafe(v, 0), 'validation.invalidCharacter');

function jsonSafe(value: unknown, depth: number): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return !hasNul(value);
  if (Array.isArray(value)) return value.every((v) => jsonSafe(v, depth + 1));
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => !hasNul(k) && jsonSafe(v, depth + 1));
  return true;
}


