import type { EntityManager } from '@mikro-orm/postgresql';
import { invalid } from '@tracker/shared/domain-errors';
import { existingUserIds, fieldRules } from './custom-values.repository.ts';
import { checkValue, isEmptyValue } from './value-check.ts';

/**
 * How values are stored in `issues.custom_values` (jsonb keyed by field id):
 * text, url → string; number → number; date → 'YYYY-MM-DD'; checkbox → boolean;
 * user → user id; select → option id; multiselect → option id[].
 */
export type CustomValues = Record<string, unknown>;

interface Problem {
  path: string[];
  message: string;
  code: string;
}

interface FieldRule {
  id: number;
  type: string;
  required: boolean;
  defaultValue: unknown;
  optionIds: Set<number>;
}

async function rulesForProject(em: EntityManager, projectId: number): Promise<Map<string, FieldRule>> {
  const rows = await fieldRules(em, projectId);
  return new Map(
    rows.map((r) => [String(r.id), { id: r.id, type: r.type, required: r.required, defaultValue: r.default_value, optionIds: new Set(r.option_ids.map(Number)) }]),
  );
}

/**
 * Checks custom field values for an issue of a project by type, required-ness and options, and
 * returns what to store: the existing values with `values` merged in (null/empty removes a value),
 * defaults filled in on create. Unknown fields, archived ones and fields outside the project's
 * scope are refused; values the issue already holds for them are kept. Throws a 400 whose issues
 * have paths `['customValues', '<field id>']`. Two queries whatever the number of fields.
 */
export async function validateCustomValues(
  em: EntityManager,
  input: { projectId: number; values: CustomValues; existing?: CustomValues; mode: 'create' | 'update' },
): Promise<CustomValues> {
  const rules = await rulesForProject(em, input.projectId);
  const problems: Problem[] = [];
  const failed = new Set<string>();
  const bad = (id: string, message: string) => {
    failed.add(id);
    problems.push({ path: ['customValues', id], message, code: 'custom' });
  };
  const result: CustomValues = { ...(input.existing ?? {}) };
  /** User values to look up: field id → [user id, came from a default]. */
  const users = new Map<string, [number, boolean]>();

  for (const [id, value] of Object.entries(input.values)) {
    const rule = rules.get(id);
    if (!rule) {
      bad(id, 'validation.unknownField');
      continue;
    }
    if (isEmptyValue(value)) {
      delete result[id];
      continue;
    }
    const checked = checkValue(rule.type, value, rule.optionIds);
    if (!checked.ok) {
      bad(id, `validation.customField.${rule.type}`);
      continue;
    }
    result[id] = checked.value;
    if (rule.type === 'user') users.set(id, [checked.value as number, false]);
  }

  if (input.mode === 'create') {
    for (const [id, rule] of rules) {
      if (id in input.values || !isEmptyValue(result[id]) || isEmptyValue(rule.defaultValue)) continue;
      // A default that went stale (its option or user is gone) is skipped, never stored.
      const checked = checkValue(rule.type, rule.defaultValue, rule.optionIds);
      if (!checked.ok) continue;
      result[id] = checked.value;
      if (rule.type === 'user') users.set(id, [checked.value as number, true]);
    }
  }

  if (users.size) {
    const ids = [...new Set([...users.values()].map(([userId]) => userId))];
    const found = new Set(await existingUserIds(em, ids));
    for (const [id, [userId, fromDefault]] of users) {
      if (found.has(userId)) continue;
      delete result[id];
      if (!fromDefault) bad(id, 'validation.customField.user');
    }
  }

  for (const [id, rule] of rules) {
    if (!rule.required || failed.has(id) || !isEmptyValue(result[id])) continue;
    if (input.mode === 'create' || id in input.values) bad(id, 'validation.required');
  }

  if (problems.length) throw invalid(problems);
  return result;
}
