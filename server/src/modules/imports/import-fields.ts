// Custom field values by field name (either language, any case) for the project's applicable
// fields, turned into what issues.custom_values stores; a value that does not fit is left out
// with a note in the report rather than failing the row.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImportSkip } from '@tracker/shared/api/imports';
import { checkValue, isEmptyValue } from '../custom-fields/value-check.ts';
import { applicableFields } from './import-plan.repository.ts';

interface FieldInfo {
  id: number;
  type: string;
  options: Map<string, number>;
}

export type ProjectFields = Map<string, FieldInfo>;

export async function projectFields(em: EntityManager, projectId: number): Promise<ProjectFields> {
  const rows = await applicableFields(em, projectId);
  const fields: ProjectFields = new Map();
  for (const r of rows) {
    const info = { id: r.id, type: r.type, options: new Map((r.options ?? []).map((o) => [o.name.trim().toLowerCase(), o.id])) };
    fields.set(r.name_ru.trim().toLowerCase(), info);
    fields.set(r.name_en.trim().toLowerCase(), info);
  }
  return fields;
}

function convert(field: FieldInfo, raw: unknown, userOf: (name: string) => number | null): unknown {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  switch (field.type) {
    case 'number':
      return typeof text === 'string' ? Number(text.replace(',', '.')) : text;
    case 'checkbox':
      if (typeof text === 'boolean') return text;
      return ['1', 'true', 'yes', 'да', 'x', '✓'].includes(String(text).toLowerCase()) ? true : ['0', 'false', 'no', 'нет', ''].includes(String(text).toLowerCase()) ? false : text;
    case 'date':
      return typeof text === 'string' ? text.slice(0, 10) : text;
    case 'select':
      return field.options.get(String(text).toLowerCase()) ?? null;
    case 'multiselect': {
      const names = Array.isArray(text) ? text.map(String) : String(text).split(/[,;|]/);
      const ids = names.map((n) => field.options.get(n.trim().toLowerCase()));
      return ids.includes(undefined) ? null : ids;
    }
    case 'user':
      return userOf(String(text));
    default:
      return typeof text === 'string' ? text : JSON.stringify(text);
  }
}

/** Stored values for a record's `fields`; what cannot be stored is noted in `notes`. */
export function customValuesOf(fields: ProjectFields, values: Record<string, unknown>, row: number, notes: ImportSkip[], userOf: (name: string) => number | null): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(values)) {
    if (isEmptyValue(raw)) continue;
    const field = fields.get(name.trim().toLowerCase());
    if (!field) {
      notes.push({ row, reason: 'unknownField', values: { field: name } });
      continue;
    }
    const value = convert(field, raw, userOf);
    const checked = value === null ? { ok: false as const } : checkValue(field.type, value, new Set(field.options.values()));
    if (checked.ok) stored[String(field.id)] = checked.value;
    else notes.push({ row, reason: 'badFieldValue', values: { field: name, value: String(raw).slice(0, 100) } });
  }
  return stored;
}
