// The custom field form as plain data: what the inputs hold, how a stored field fills them, and
// the request they make. Options keep their server id, so renaming one keeps the values on issues.
import type { CreateCustomFieldRequest, CustomField, CustomFieldType } from '@tracker/shared/api/custom-fields';
import type { UserRef } from '@tracker/shared/api/common';

export const SELECT_TYPES: readonly CustomFieldType[] = ['select', 'multiselect'];
export const isSelectType = (type: CustomFieldType) => SELECT_TYPES.includes(type);

export const OPTION_COLORS = ['#64748b', '#2563eb', '#16a34a', '#ca8a04', '#dc2626', '#9333ea', '#0891b2', '#db2777'] as const;

export interface OptionDraft {
  /** Stable key for React and for the default value (new options have no id yet). */
  key: string;
  id?: number;
  name: string;
  color: string;
}

export interface FieldForm {
  type: CustomFieldType;
  name: { ru: string; en: string };
  description: { ru: string; en: string };
  required: boolean;
  scope: 'all' | 'projects';
  projectIds: number[];
  options: OptionDraft[];
  /** Default for text, number, date and URL fields, as typed. */
  defaultText: string;
  /** Checkbox default: none, yes or no. */
  defaultFlag: '' | 'true' | 'false';
  /** Select defaults: option keys (at most one for a single select). */
  defaultOptions: string[];
  defaultUser: UserRef | null;
}

let seq = 0;
export const newOptionKey = () => `new-${++seq}`;

export function emptyForm(): FieldForm {
  return {
    type: 'text',
    name: { ru: '', en: '' },
    description: { ru: '', en: '' },
    required: false,
    scope: 'all',
    projectIds: [],
    options: [],
    defaultText: '',
    defaultFlag: '',
    defaultOptions: [],
    defaultUser: null,
  };
}

/** Fills the form from a stored field; `userName` names a user default when it is known. */
export function formFromField(field: CustomField, userName?: string): FieldForm {
  const options = [...field.options].sort((a, b) => a.position - b.position).map((o) => ({ key: `opt-${o.id}`, id: o.id, name: o.name, color: o.color }));
  const form: FieldForm = {
    ...emptyForm(),
    type: field.type,
    name: { ...field.name },
    description: { ...field.description },
    required: field.required,
    scope: field.scope,
    projectIds: [...field.projectIds],
    options,
  };
  const value = field.defaultValue;
  if (value === null || value === undefined) return form;
  switch (field.type) {
    case 'text':
    case 'date':
    case 'url':
      form.defaultText = typeof value === 'string' ? value : '';
      break;
    case 'number':
      form.defaultText = typeof value === 'number' ? String(value) : '';
      break;
    case 'checkbox':
      form.defaultFlag = value === true ? 'true' : value === false ? 'false' : '';
      break;
    case 'user':
      form.defaultUser = typeof value === 'number' ? { id: value, name: userName ?? `#${value}` } : null;
      break;
    case 'select':
      form.defaultOptions = typeof value === 'number' ? [`opt-${value}`] : [];
      break;
    case 'multiselect':
      form.defaultOptions = Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number').map((v) => `opt-${v}`) : [];
      break;
  }
  return form;
}

/**
 * The default value the API expects. An option is named by id, or by name while it is new (the
 * server resolves it after saving the options). Text that does not parse is sent as typed, so the
 * server's per-type message explains it.
 */
export function defaultValueOf(form: FieldForm): unknown {
  const optionRef = (key: string) => {
    const o = form.options.find((x) => x.key === key);
    return o ? (o.id ?? o.name.trim()) : undefined;
  };
  switch (form.type) {
    case 'text':
    case 'date':
    case 'url':
      return form.defaultText.trim() === '' ? null : form.type === 'text' ? form.defaultText : form.defaultText.trim();
    case 'number': {
      const raw = form.defaultText.trim().replace(',', '.');
      if (raw === '') return null;
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
    case 'checkbox':
      return form.defaultFlag === '' ? null : form.defaultFlag === 'true';
    case 'user':
      return form.defaultUser?.id ?? null;
    case 'select':
      return form.defaultOptions.map(optionRef).find((v) => v !== undefined) ?? null;
    case 'multiselect': {
      const refs = form.defaultOptions.map(optionRef).filter((v) => v !== undefined);
      return refs.length ? refs : null;
    }
  }
}

export function requestFromForm(form: FieldForm): Required<Omit<CreateCustomFieldRequest, 'defaultValue'>> & { defaultValue: unknown } {
  return {
    type: form.type,
    name: { ru: form.name.ru, en: form.name.en },
    description: { ru: form.description.ru, en: form.description.en },
    required: form.required,
    defaultValue: defaultValueOf(form),
    scope: form.scope,
    projectIds: form.scope === 'projects' ? form.projectIds : [],
    options: isSelectType(form.type) ? form.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), name: o.name, color: o.color })) : [],
  };
}

/** Moves the option at `index` by `by` places (drag or up/down); out-of-range moves do nothing. */
export function moveOption(options: readonly OptionDraft[], index: number, by: number): OptionDraft[] {
  const to = index + by;
  if (index < 0 || index >= options.length || to < 0 || to >= options.length) return [...options];
  const next = [...options];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Removing an option also drops it from the default value. */
export function removeOption(form: FieldForm, key: string): FieldForm {
  return { ...form, options: form.options.filter((o) => o.key !== key), defaultOptions: form.defaultOptions.filter((k) => k !== key) };
}

export function addOption(form: FieldForm): FieldForm {
  const color = OPTION_COLORS[form.options.length % OPTION_COLORS.length]!;
  return { ...form, options: [...form.options, { key: newOptionKey(), name: '', color }] };
}

/** Server issues keyed by their dotted path: `name.ru`, `options.2.name`, `defaultValue`. */
export function errorsByPath(issues: readonly { path: readonly (string | number)[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.join('.');
    if (path && !(path in out)) out[path] = issue.message;
  }
  return out;
}
