// What saving and deleting an issue template writes, and the name check before it. Typed queries
// (db/kysely.ts); the rules are the service's (template.service.ts), reading a template is
// template-reads.repository.ts's.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';

/** A template's columns as the service writes them; `customValues` and `checklist` are stored as JSON. */
export interface TemplateValues {
  name: string;
  nameKey: string;
  titlePattern: string;
  description: string;
  labelIds: number[];
  priority: number;
  assigneeId: number | null;
  estimate: number | null;
  dueInDays: number | null;
  customValues: unknown;
  checklist: string[];
}

const columns = (t: TemplateValues) => ({
  name: t.name,
  name_key: t.nameKey,
  title_pattern: t.titlePattern,
  description: t.description,
  label_ids: t.labelIds,
  priority: t.priority,
  assignee_id: t.assigneeId,
  estimate: t.estimate,
  due_in_days: t.dueInDays,
  custom_values: JSON.stringify(t.customValues),
  checklist: JSON.stringify(t.checklist),
});

/** Whether another template of the project (not `exceptId`) has this name key: names are unique per project. */
export async function templateNameTaken(em: EntityManager, projectId: number, nameKey: string, exceptId: number): Promise<boolean> {
  const row = await kysely(em)
    .selectFrom('issue_templates')
    .select((eb) => eb.lit(1).as('taken'))
    .where('project_id', '=', projectId)
    .where('name_key', '=', nameKey)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the project for the rest of the transaction: one template namer at a time per project. */
export async function lockProjectTemplates(em: EntityManager, projectId: number): Promise<void> {
  await kysely(em).selectFrom('projects').select('id').where('id', '=', projectId).forUpdate().execute();
}

/** A new template, placed after the project's others; returns its id. */
export async function insertTemplate(em: EntityManager, projectId: number, template: TemplateValues): Promise<number> {
  const row = await kysely(em)
    .insertInto('issue_templates')
    .values((eb) => ({
      project_id: projectId,
      ...columns(template),
      position: eb
        .selectFrom('issue_templates')
        .select((s) => s(s.fn.coalesce(s.fn.max('position'), s.lit(-1)), '+', s.lit(1)).as('next'))
        .where('project_id', '=', projectId),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A changed template's columns, all of them. */
export async function updateTemplateRow(em: EntityManager, id: number, template: TemplateValues & { position: number }): Promise<void> {
  await kysely(em)
    .updateTable('issue_templates')
    .set({ ...columns(template), position: template.position, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Removes a template; issues made from it hold no reference to it. */
export async function deleteTemplateRow(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('issue_templates').where('id', '=', id).execute();
}
