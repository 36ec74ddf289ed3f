import type { EntityManager } from '@mikro-orm/postgresql';
import { HttpError } from '../../http/errors.ts';
import { CustomField, CustomFieldOption } from './custom-field.entity.ts';

/**
 * How values are stored in `issues.custom_values` (jsonb keyed by field id):
 * text, url → string; number → number; date → 'YYYY-MM-DD'; checkbox → boolean;
 * user → user id; select → option id; multiselect → option id[].
 */
export type CustomValues = Record<string, unknown>;

interface Issue {
  path: string[];
  message: string;
  code: string;
}

/** Active fields that apply to a project (scope all, or the project is chosen). */
export async function fieldsForProject(em: EntityManager, projectId: number): Promise<CustomField[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select f.id from custom_fields f
      where f.archived_at is null
        and (f.scope = 'all' or exists (select 1 from custom_field_projects cp where cp.field_id = f.id and cp.project_id = ?))
      order by f.position, f.id`,
    [projectId],
  );
  return rows.length ? em.find(CustomField, { id: { $in: rows.map((r) => r.id) } }, { orderBy: { position: 'asc', id: 'asc' } }) : [];
}

const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isUrl = (v: unknown) => {
  if (typeof v !== 'string' || v.length > 2000) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Checks custom field values for an issue of a project by type, required-ness and options, and
 * returns what to store: the existing values with `values` merged in (null/empty removes a value),
 * defaults filled in on create. Unknown or archived fields are refused. Throws a 400 whose issues
 * have paths `['customValues', '<field id>']`.
 */
export async function validateCustomValues(
  em: EntityManager,
  input: { projectId: number; values: CustomValues; existing?: CustomValues; mode: 'create' | 'update' },
): Promise<CustomValues> {
  const fields = await fieldsForProject(em, input.projectId);
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const selectIds = fields.filter((f) => f.type === 'select' || f.type === 'multiselect').map((f) => f.id);
  const options = selectIds.length ? await em.find(CustomFieldOption, { fieldId: { $in: selectIds } }) : [];
  const optionIds = new Map<number, Set<number>>();
  for (const o of options) optionIds.set(o.fieldId, (optionIds.get(o.fieldId) ?? new Set()).add(o.id));
  const userIds = new Set<number>();

  const problems: Issue[] = [];
  const result: CustomValues = { ...(input.existing ?? {}) };
  const bad = (id: string, message: string) => problems.push({ path: ['customValues', id], message, code: 'custom' });

  for (const [id, value] of Object.entries(input.values)) {
    const field = byId.get(id);
    if (!field) {
      bad(id, 'validation.unknownField');
      continue;
    }
    if (isEmpty(value)) {
      delete result[id];
      continue;
    }
    const allowed = optionIds.get(field.id) ?? new Set<number>();
    let ok: boolean;
    switch (field.type) {
      case 'text':
        ok = typeof value === 'string' && value.length <= 10_000;
        break;
      case 'number':
        ok = typeof value === 'number' && Number.isFinite(value);
        break;
      case 'date':
        ok = isDate(value);
        break;
      case 'checkbox':
        ok = typeof value === 'boolean';
        break;
      case 'url':
        ok = isUrl(value);
        break;
      case 'user':
        ok = Number.isInteger(value) && (value as number) > 0;
        if (ok) userIds.add(value as number);
        break;
      case 'select':
        ok = Number.isInteger(value) && allowed.has(value as number);
        break;
      case 'multiselect':
        ok = Array.isArray(value) && value.length <= 200 && value.every((v) => Number.isInteger(v) && allowed.has(v as number));
        if (ok) result[id] = [...new Set(value as number[])];
        break;
      default:
        ok = false;
    }
    if (!ok) bad(id, `validation.customField.${field.type}`);
    else if (field.type !== 'multiselect') result[id] = value;
  }

  if (userIds.size) {
    const rows = await em.execute<{ id: number }[]>(`select id from users where id in (${[...userIds].map(() => '?').join(',')})`, [...userIds]);
    const found = new Set(rows.map((r) => r.id));
    for (const [id, value] of Object.entries(input.values)) {
      if (byId.get(id)?.type === 'user' && !isEmpty(value) && !found.has(value as number)) bad(id, 'validation.customField.user');
    }
  }

  for (const field of fields) {
    const id = String(field.id);
    if (input.mode === 'create' && isEmpty(result[id]) && !isEmpty(field.defaultValue) && !(id in input.values)) result[id] = field.defaultValue;
    if (field.required && isEmpty(result[id]) && (input.mode === 'create' || id in input.values)) bad(id, 'validation.required');
  }

  if (problems.length) throw new HttpError(400, 'Validation failed', 'validation', { issues: problems });
  return result;
}
