// The custom field form holds the create payload, checked by its shared schema. One part differs
// until the request: a default naming a new option holds the option's row key, since the option
// has no id yet and its name may still change.
import type { createCustomFieldSchema, CreateCustomFieldRequest, CustomField, CustomFieldType } from '@tracker/shared/api/custom-fields';
import type { UseFieldArrayReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ServerForm } from '../../../lib/use-server-form.ts';

export type CustomFieldForm = ServerForm<typeof createCustomFieldSchema>;
/** The checked values: what both the create and the edit page send (an edit sends the whole field). */
export type CustomFieldRequest = z.output<typeof createCustomFieldSchema>;
/** The options as rows: each keeps its `key` through moves, and so does a default naming it. */
export type OptionRows = UseFieldArrayReturn<CreateCustomFieldRequest, 'options', 'key'>;

export const SELECT_TYPES: readonly CustomFieldType[] = ['select', 'multiselect'];
export const isSelectType = (type: CustomFieldType) => SELECT_TYPES.includes(type);

export const OPTION_COLORS = ['#64748b', '#2563eb', '#16a34a', '#ca8a04', '#dc2626', '#9333ea', '#0891b2', '#db2777'] as const;

/** The form's starting values: a stored field's (options in their order), or an empty text field. */
export function valuesFromField(field?: CustomField): Required<CreateCustomFieldRequest> {
  if (!field) {
    return { type: 'text', name: { ru: '', en: '' }, description: { ru: '', en: '' }, required: false, defaultValue: null, scope: 'all', projectIds: [], options: [] };
  }
  return {
    type: field.type,
    name: { ...field.name },
    description: { ...field.description },
    required: field.required,
    // Stored defaults are already what the API takes: text, a number, a flag, ids.
    defaultValue: field.defaultValue ?? null,
    scope: field.scope,
    projectIds: [...field.projectIds],
    options: [...field.options].sort((a, b) => a.position - b.position).map(({ id, name, color }) => ({ id, name, color })),
  };
}

/**
 * A typed default (text, number, date, URL) as the API takes it; blank is none. A number that
 * does not parse is sent as typed, so the server's per-type message explains it.
 */
export function defaultFromText(type: CustomFieldType, text: string): string | number | null {
  if (text.trim() === '') return null;
  if (type === 'text') return text;
  if (type !== 'number') return text.trim();
  const raw = text.trim().replace(',', '.');
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
}

/** The default without one option (removed): a multiselect left with none has no default. */
export function withoutOption(value: unknown, ref: unknown): unknown {
  if (!Array.isArray(value)) return value === ref ? null : value;
  const rest = value.filter((v) => v !== ref);
  return rest.length ? rest : null;
}

/**
 * The request for checked values. `keys` are the options' row keys in order: a default holding
 * one names that new option by name (the server resolves names once the options are saved).
 * Projects are sent only with the project scope; the checkboxes keep them while it is off.
 */
export function requestFrom(values: CustomFieldRequest, keys: readonly string[]): CustomFieldRequest {
  const named = (ref: unknown) => {
    const i = typeof ref === 'string' ? keys.indexOf(ref) : -1;
    return i < 0 ? ref : values.options[i]?.name;
  };
  const value = values.defaultValue;
  return {
    ...values,
    defaultValue: !isSelectType(values.type) ? value : Array.isArray(value) ? value.map(named) : named(value),
    projectIds: values.scope === 'projects' ? values.projectIds : [],
  };
}
