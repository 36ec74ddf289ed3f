import type { CustomFieldType } from '@tracker/shared/api/custom-fields';

export const TEXT_MAX = 10_000;
export const URL_MAX = 2000;
export const NUMBER_LIMIT = 1e15;
export const MULTISELECT_MAX = 200;

export const isDate = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string' || v.length > URL_MAX) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** No value: null, absent, blank text or an empty multiselect. `false` IS a checkbox value. */
export const isEmptyValue = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

const isPositiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

export type CheckResult = { ok: true; value: unknown } | { ok: false };

/**
 * Checks one non-empty value against a field type and returns what to store (multiselect ids
 * de-duplicated, in the given order). `optionIds` are the field's own options; a user id is only
 * checked for shape here, its existence is a database question for the caller.
 */
export function checkValue(type: CustomFieldType | string, value: unknown, optionIds: ReadonlySet<number>): CheckResult {
  switch (type) {
    case 'text':
      return typeof value === 'string' && value.length <= TEXT_MAX ? { ok: true, value } : { ok: false };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= NUMBER_LIMIT ? { ok: true, value } : { ok: false };
    case 'date':
      return isDate(value) ? { ok: true, value } : { ok: false };
    case 'checkbox':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false };
    case 'url':
      return isHttpUrl(value) ? { ok: true, value } : { ok: false };
    case 'user':
      return isPositiveInt(value) ? { ok: true, value } : { ok: false };
    case 'select':
      return isPositiveInt(value) && optionIds.has(value) ? { ok: true, value } : { ok: false };
    case 'multiselect': {
      if (!Array.isArray(value) || value.length > MULTISELECT_MAX) return { ok: false };
      if (!value.every((v) => isPositiveInt(v) && optionIds.has(v))) return { ok: false };
      return { ok: true, value: [...new Set(value as number[])] };
    }
    default:
      return { ok: false };
  }
}
