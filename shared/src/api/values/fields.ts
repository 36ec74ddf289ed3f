// The i18n key of a zod issue, without zod at run time (issue 27, the light start): forms and the
// server's parse read it; ../fields.ts exports it too.
/** What validationKey reads of a zod issue. */
type Issue = { code: string; input?: unknown; origin?: string; minimum?: unknown; format?: string };

/**
 * The i18n key (`validation.*`) for a zod issue whose schema names none, so every message a client
 * gets is a key it can translate. Pass as the per-parse error map: `schema.safeParse(v, { error: validationKey })`.
 */
export function validationKey(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.tooShort';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.required';
      return 'validation.min';
    case 'too_big':
      if (issue.origin === 'string') return 'validation.tooLong';
      if (issue.origin === 'array' || issue.origin === 'set') return 'validation.tooMany';
      return 'validation.max';
    case 'invalid_format':
      return issue.format === 'date' ? 'validation.date' : issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}
