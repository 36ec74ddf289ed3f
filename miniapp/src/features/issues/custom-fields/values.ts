// Custom field values as the API stores them (see server custom-values.ts): text, url → string;
// number → number; date → 'YYYY-MM-DD'; checkbox → boolean; user → user id; select → option id;
// multiselect → option id[].
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Locale } from '@tracker/shared/locales';

export type CustomValues = Record<string, unknown>;

export const fieldKey = (field: Pick<CustomField, 'id'>) => `customValues.${field.id}`;

export function fieldLabel(field: Pick<CustomField, 'name'>, locale: Locale): string {
  return field.name[locale] || field.name.ru || field.name.en;
}

export function fieldHint(field: Pick<CustomField, 'description'>, locale: Locale): string {
  return field.description[locale] || '';
}

/** No value: null, absent, blank text or an empty multiselect. `false` is a checkbox value. */
export const isEmptyValue = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** Values a new issue's form starts with: each field's default, when it has one. */
export function defaultValues(fields: readonly CustomField[]): CustomValues {
  const out: CustomValues = {};
  for (const f of fields) if (!isEmptyValue(f.defaultValue)) out[String(f.id)] = f.defaultValue;
  return out;
}

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** The server's checks, run before sending so each message appears under its input at once. */
export function checkCustomValues(fields: readonly CustomField[], values: CustomValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[String(f.id)];
    if (isEmptyValue(v)) {
      if (f.required) errors[fieldKey(f)] = 'validation.required';
      continue;
    }
    const ok =
      f.type === 'number' ? typeof v === 'number' && Number.isFinite(v)
      : f.type === 'url' ? typeof v === 'string' && isHttpUrl(v.trim())
      : f.type === 'date' ? typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
      : true;
    if (!ok) errors[fieldKey(f)] = `validation.customField.${f.type}`;
  }
  return errors;
}

/** What to send: blank values as null (clears them), URLs trimmed, only the project's fields. */
export function customValuesPayload(fields: readonly CustomField[], values: CustomValues): CustomValues {
  const out: CustomValues = {};
  for (const f of fields) {
    const v = values[String(f.id)];
    if (v === undefined) continue;
    out[String(f.id)] = isEmptyValue(v) ? null : typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Only the entries that differ from `before` (edit sends changed fields only). */
export function changedCustomValues(before: CustomValues, after: CustomValues): CustomValues {
  const out: CustomValues = {};
  for (const [k, v] of Object.entries(after)) {
    const was = before[k];
    const same = (isEmptyValue(was) && isEmptyValue(v)) || JSON.stringify(was) === JSON.stringify(v);
    if (!same) out[k] = v;
  }
  return out;
}
