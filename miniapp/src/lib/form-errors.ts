// The one field mapping of the web app: zod issues (client-side) and refusals of the server land under
// the fields a form shows, and the rest becomes one message for the whole form (lib/error-text.ts).
import { errorText, issueText, type ErrorTextOptions, type Translate } from './error-text.ts';
import { refusalOf } from './http.ts';

/** Field name (a dotted path: `title`, `customValues.12`, `versions.en.title`) → its message: an i18n key, or words to show. */
export type FieldErrors = Record<string, string>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The field an issue belongs to: the longest start of its path that names one of `fields`; without a list, its first step. */
function fieldOf(path: readonly PropertyKey[], fields?: readonly string[]): string | null {
  const steps = path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number').map(String);
  if (!fields) return steps[0] ?? null;
  for (let n = steps.length; n > 0; n--) {
    const name = steps.slice(0, n).join('.');
    if (fields.includes(name)) return name;
  }
  return null;
}

/** The first issue of each field, keyed by field; issues about no listed field are left out. */
export function fieldErrorsFrom(issues: readonly Issue[], fields?: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path, fields);
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

export interface FormErrorState {
  /** Each shown field's message, in words. */
  fields: FieldErrors;
  /** The message for the whole form; null when the fields say it all. */
  form: string | null;
}

/**
 * A refused submit, in words: the server's field issues under the `fields` the form shows (a code
 * bound to a field, like 409 email_taken with `data.field`, too), and the rest as the form's message.
 */
export function formErrorsFrom(err: unknown, fields: readonly string[], t: Translate, options?: ErrorTextOptions): FormErrorState {
  const data = refusalOf(err)?.data;
  if (!data) return { fields: {}, form: errorText(err, t, options) };
  const issues = data.issues ?? [];
  const shown: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsFrom(issues, fields))) shown[field] = issueText(message, t);
  if (data.field && fields.includes(data.field) && !(data.field in shown)) {
    // Under a field its code's short text (a weak password's reasons are listed beside it), the server's sentence otherwise.
    const code = data.code ? (options?.codes?.[data.code] ?? `errors.codes.${data.code}`) : '';
    shown[data.field] = (code && t(code, { defaultValue: '' })) || errorText(err, t, options);
  }
  const stray = issues.find((issue) => !fieldOf(issue.path, fields));
  if (stray) return { fields: shown, form: issueText(stray.message, t) };
  return { fields: shown, form: Object.keys(shown).length ? null : errorText(err, t, options) };
}
