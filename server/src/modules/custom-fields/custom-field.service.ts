import type { EntityManager } from '@mikro-orm/postgresql';
import type { createCustomFieldSchema, CustomField, updateCustomFieldSchema } from '@tracker/shared/api/custom-fields';
import type { z } from 'zod';
import { conflict, invalid as invalidInput, notFound } from '@tracker/shared/domain-errors';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { toCustomFieldDto } from './custom-field.mapper.ts';
import { selectFields } from './custom-field-reads.repository.ts';
import { countValues, removeAllValues, removeOptionValues } from './custom-values.repository.ts';
import {
  addFieldProjects,
  clearFieldProjects,
  countProjects,
  deleteFieldRow,
  deleteOptions,
  insertField,
  insertOption,
  lockField,
  optionIds,
  setDefaultValue,
  setFieldArchived,
  updateFieldRow,
  updateOption,
  userExists,
} from './custom-field.repository.ts';
import { checkValue, isEmptyValue } from './value-check.ts';

type CreateInput = z.output<typeof createCustomFieldSchema>;
type UpdateInput = z.output<typeof updateCustomFieldSchema>;
type OptionInput = CreateInput['options'][number];
interface StoredOption {
  id: number;
  name: string;
}

const SELECT_TYPES = new Set(['select', 'multiselect']);

const invalid = (path: (string | number)[], message: string) => invalidInput([{ path: path.map(String), message, code: 'custom' }]);

export const fieldTypeLocked = () => conflict('field_type_locked');

/** The fields as the admin pages list them, with how many issues hold a value for each. */
export async function adminFields(em: EntityManager, filter: { archived: '0' | '1' | 'all'; projectId?: number | undefined }): Promise<CustomField[]> {
  return (await selectFields(em, { archived: filter.archived, projectId: filter.projectId, withCounts: true })).map(toCustomFieldDto);
}

/** One field as the admin pages show it (404 when it does not exist). */
export async function adminField(em: EntityManager, id: number): Promise<CustomField> {
  const [row] = await selectFields(em, { ids: [id], withCounts: true });
  if (!row) throw notFound('customField');
  return toCustomFieldDto(row);
}

/**
 * What issue forms and filters offer: the active fields of a project the viewer may see (404 for
 * one they may not), or of any project without one; a field lists only the projects they see.
 */
export async function fieldsForProject(em: EntityManager, viewer: Viewer, projectId: number | undefined): Promise<CustomField[]> {
  if (projectId !== undefined) await requireProject(em, viewer, projectId, 'project.view');
  return (await selectFields(em, { archived: '0', projectId, visibleTo: viewer })).map(toCustomFieldDto);
}

function checkOptionsFit(type: string, options: readonly unknown[]) {
  if (!SELECT_TYPES.has(type) && options.length) throw invalid(['options'], 'validation.optionsNotAllowed');
  if (SELECT_TYPES.has(type) && !options.length) throw invalid(['options'], 'validation.required');
}

async function checkProjects(em: EntityManager, scope: string, projectIds: number[]) {
  if (scope !== 'projects') return;
  if (!projectIds.length) throw invalid(['projectIds'], 'validation.required');
  const unique = [...new Set(projectIds)];
  if ((await countProjects(em, unique)) !== unique.length) throw invalid(['projectIds'], 'validation.invalid');
}

/**
 * A default value checked like an issue's value. Select defaults may name an option (`"High"`, the
 * only way on create, before options have ids) or give its id; they are stored as ids.
 */
async function resolveDefault(em: EntityManager, type: string, raw: unknown, options: StoredOption[]): Promise<{ ok: true; value: unknown } | { ok: false }> {
  if (isEmptyValue(raw)) return { ok: true, value: null };
  const byName = (v: unknown) => (typeof v === 'string' ? (options.find((o) => o.name === v)?.id ?? v) : v);
  const value = type === 'select' ? byName(raw) : type === 'multiselect' && Array.isArray(raw) ? raw.map(byName) : raw;
  const checked = checkValue(type, value, new Set(options.map((o) => o.id)));
  if (!checked.ok) return checked;
  if (type === 'user' && !(await userExists(em, checked.value as number))) return { ok: false };
  return checked;
}

/** Options matched by id: given ids are renamed/recoloured/reordered, new ones inserted, missing ones deleted. */
async function syncOptions(em: EntityManager, fieldId: number, input: OptionInput[]): Promise<{ options: StoredOption[]; removed: number[] }> {
  const existing = new Set(await optionIds(em, fieldId));
  const seen = new Set<number>();
  input.forEach((o, i) => {
    if (o.id !== undefined && (!existing.has(o.id) || seen.has(o.id))) throw invalid(['options', i, 'id'], 'validation.invalid');
    if (o.id !== undefined) seen.add(o.id);
  });
  const removed = [...existing].filter((id) => !seen.has(id));
  if (removed.length) await deleteOptions(em, removed);
  const options: StoredOption[] = [];
  for (const [position, o] of input.entries()) {
    if (o.id !== undefined) {
      await updateOption(em, o.id, { name: o.name, color: o.color, position });
      options.push({ id: o.id, name: o.name });
    } else {
      options.push({ id: await insertOption(em, fieldId, { name: o.name, color: o.color, position }), name: o.name });
    }
  }
  return { options, removed };
}

async function replaceProjects(em: EntityManager, fieldId: number, scope: string, projectIds: number[]) {
  await clearFieldProjects(em, fieldId);
  if (scope === 'projects') await addFieldProjects(em, fieldId, projectIds);
}

export async function createField(em: EntityManager, input: CreateInput): Promise<number> {
  checkOptionsFit(input.type, input.options);
  return em.transactional(async (tx) => {
    await checkProjects(tx, input.scope, input.projectIds);
    const id = await insertField(tx, {
      type: input.type,
      nameRu: input.name.ru,
      nameEn: input.name.en,
      descriptionRu: input.description.ru,
      descriptionEn: input.description.en,
      required: input.required,
      scope: input.scope,
    });
    const { options } = await syncOptions(tx, id, input.options);
    const def = await resolveDefault(tx, input.type, input.defaultValue, options);
    if (!def.ok) throw invalid(['defaultValue'], `validation.customField.${input.type}`);
    await setDefaultValue(tx, id, def.value);
    await replaceProjects(tx, id, input.scope, input.projectIds);
    return id;
  });
}

export async function updateField(em: EntityManager, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    // Locked, so a type change and the value count it depends on see the same field.
    const [field] = (await lockField(tx, id)) ? await selectFields(tx, { ids: [id] }) : [];
    if (!field) throw notFound('customField');
    const type = patch.type ?? field.type;
    const typeChanged = type !== field.type;
    if (typeChanged && (await countValues(tx, id)) > 0) throw fieldTypeLocked();

    const optionsInput = patch.options ?? (typeChanged && !SELECT_TYPES.has(type) ? [] : undefined);
    checkOptionsFit(type, optionsInput ?? field.options);
    let options: StoredOption[] = field.options;
    if (optionsInput !== undefined) {
      const synced = await syncOptions(tx, id, optionsInput);
      options = synced.options;
      await removeOptionValues(tx, id, field.type, synced.removed);
    }

    const scope = patch.scope ?? field.scope;
    const projectIds = patch.projectIds ?? field.project_ids;
    if (patch.scope !== undefined || patch.projectIds !== undefined) {
      await checkProjects(tx, scope, projectIds);
      await replaceProjects(tx, id, scope, projectIds);
    }

    let defaultValue = field.default_value;
    if (patch.defaultValue !== undefined) {
      const def = await resolveDefault(tx, type, patch.defaultValue, options);
      if (!def.ok) throw invalid(['defaultValue'], `validation.customField.${type}`);
      defaultValue = def.value;
    } else if (typeChanged) {
      // An option id would read as a number, and so on: the old default means nothing now.
      defaultValue = null;
    } else if (optionsInput !== undefined) {
      // A default pointing at a removed option is dropped, not kept stale.
      const def = await resolveDefault(tx, type, field.default_value, options);
      defaultValue = def.ok ? def.value : null;
    }

    await updateFieldRow(tx, id, {
      type,
      nameRu: patch.name?.ru ?? field.name_ru,
      nameEn: patch.name?.en ?? field.name_en,
      descriptionRu: patch.description?.ru ?? field.description_ru,
      descriptionEn: patch.description?.en ?? field.description_en,
      required: patch.required ?? field.required,
      defaultValue,
      scope,
      position: patch.position ?? field.position,
    });
  });
}

export async function setArchived(em: EntityManager, id: number, archived: boolean): Promise<void> {
  if (!(await setFieldArchived(em, id, archived))) throw notFound('customField');
}

/** Deletes a field and, in the same transaction, its value on every issue. */
export async function deleteField(em: EntityManager, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    if (!(await lockField(tx, id))) throw notFound('customField');
    await removeAllValues(tx, id);
    await deleteFieldRow(tx, id);
  });
}
