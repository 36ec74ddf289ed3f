import type { EntityManager } from '@mikro-orm/postgresql';
import type { createCustomFieldSchema, updateCustomFieldSchema } from '@tracker/shared/api/custom-fields';
import type { z } from 'zod';
import { conflict, invalid as invalidInput, notFound } from '@tracker/shared/domain-errors';
import { countValues, removeAllValues, removeOptionValues, selectFields } from './custom-field.queries.ts';
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

function checkOptionsFit(type: string, options: readonly unknown[]) {
  if (!SELECT_TYPES.has(type) && options.length) throw invalid(['options'], 'validation.optionsNotAllowed');
  if (SELECT_TYPES.has(type) && !options.length) throw invalid(['options'], 'validation.required');
}

async function checkProjects(em: EntityManager, scope: string, projectIds: number[]) {
  if (scope !== 'projects') return;
  if (!projectIds.length) throw invalid(['projectIds'], 'validation.required');
  const unique = [...new Set(projectIds)];
  const rows = await em.execute<{ n: number }[]>(`select count(*)::int as n from projects where id = any(?::int[])`, [`{${unique.join(',')}}`]);
  if (rows[0]?.n !== unique.length) throw invalid(['projectIds'], 'validation.invalid');
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
  if (type === 'user') {
    const rows = await em.execute<{ id: number }[]>(`select id from users where id = ?`, [checked.value]);
    if (!rows.length) return { ok: false };
  }
  return checked;
}

/** Options matched by id: given ids are renamed/recoloured/reordered, new ones inserted, missing ones deleted. */
async function syncOptions(em: EntityManager, fieldId: number, input: OptionInput[]): Promise<{ options: StoredOption[]; removed: number[] }> {
  const existing = new Set((await em.execute<{ id: number }[]>(`select id from custom_field_options where field_id = ?`, [fieldId])).map((r) => r.id));
  const seen = new Set<number>();
  input.forEach((o, i) => {
    if (o.id !== undefined && (!existing.has(o.id) || seen.has(o.id))) throw invalid(['options', i, 'id'], 'validation.invalid');
    if (o.id !== undefined) seen.add(o.id);
  });
  const removed = [...existing].filter((id) => !seen.has(id));
  if (removed.length) await em.execute(`delete from custom_field_options where id = any(?::int[])`, [`{${removed.join(',')}}`]);
  const options: StoredOption[] = [];
  for (const [position, o] of input.entries()) {
    if (o.id !== undefined) {
      await em.execute(`update custom_field_options set name = ?, color = ?, position = ? where id = ?`, [o.name, o.color, position, o.id]);
      options.push({ id: o.id, name: o.name });
    } else {
      const [row] = await em.execute<{ id: number }[]>(
        `insert into custom_field_options (field_id, name, color, position) values (?, ?, ?, ?) returning id`,
        [fieldId, o.name, o.color, position],
      );
      options.push({ id: row!.id, name: o.name });
    }
  }
  return { options, removed };
}

async function replaceProjects(em: EntityManager, fieldId: number, scope: string, projectIds: number[]) {
  await em.execute(`delete from custom_field_projects where field_id = ?`, [fieldId]);
  if (scope === 'projects') {
    await em.execute(`insert into custom_field_projects (field_id, project_id) select ?, unnest(?::int[]) on conflict do nothing`, [fieldId, `{${projectIds.join(',')}}`]);
  }
}

const jsonb = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export async function createField(em: EntityManager, input: CreateInput): Promise<number> {
  checkOptionsFit(input.type, input.options);
  return em.transactional(async (tx) => {
    await checkProjects(tx, input.scope, input.projectIds);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into custom_fields (type, name_ru, name_en, description_ru, description_en, required, scope, position)
       values (?, ?, ?, ?, ?, ?, ?, (select coalesce(max(position), -1) + 1 from custom_fields)) returning id`,
      [input.type, input.name.ru, input.name.en, input.description.ru, input.description.en, input.required, input.scope],
    );
    const id = row!.id;
    const { options } = await syncOptions(tx, id, input.options);
    const def = await resolveDefault(tx, input.type, input.defaultValue, options);
    if (!def.ok) throw invalid(['defaultValue'], `validation.customField.${input.type}`);
    await tx.execute(`update custom_fields set default_value = ?::jsonb where id = ?`, [jsonb(def.value), id]);
    await replaceProjects(tx, id, input.scope, input.projectIds);
    return id;
  });
}

export async function updateField(em: EntityManager, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    // Locked, so a type change and the value count it depends on see the same field.
    const locked = await tx.execute(`select id from custom_fields where id = ? for update`, [id]);
    const [field] = locked.length ? await selectFields(tx, { ids: [id] }) : [];
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

    await tx.execute(
      `update custom_fields set type = ?, name_ru = ?, name_en = ?, description_ru = ?, description_en = ?, required = ?,
              default_value = ?::jsonb, scope = ?, position = ?, updated_at = now()
        where id = ?`,
      [
        type,
        patch.name?.ru ?? field.name_ru,
        patch.name?.en ?? field.name_en,
        patch.description?.ru ?? field.description_ru,
        patch.description?.en ?? field.description_en,
        patch.required ?? field.required,
        jsonb(defaultValue),
        scope,
        patch.position ?? field.position,
        id,
      ],
    );
  });
}

export async function setArchived(em: EntityManager, id: number, archived: boolean): Promise<void> {
  const rows = await em.execute(
    `update custom_fields set archived_at = ${archived ? 'coalesce(archived_at, now())' : 'null'}, updated_at = now() where id = ? returning id`,
    [id],
  );
  if (!rows.length) throw notFound('customField');
}

/** Deletes a field and, in the same transaction, its value on every issue. */
export async function deleteField(em: EntityManager, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const rows = await tx.execute(`select id from custom_fields where id = ? for update`, [id]);
    if (!rows.length) throw notFound('customField');
    await removeAllValues(tx, id);
    await tx.execute(`delete from custom_fields where id = ?`, [id]);
  });
}
