import type { EntityManager } from '@mikro-orm/postgresql';
import { createIssueSchema, PRIORITY_VALUE } from '@tracker/shared/api/issues';
import { applyTemplateSchema, type createTemplateSchema, type IssueTemplate, type updateTemplateSchema } from '@tracker/shared/api/templates';
import { conflict, notFound } from '@tracker/shared/domain-errors';
import { todayIn } from '@tracker/shared/dates';
import { templateDraft } from '@tracker/shared/templates/render';
import type { z } from 'zod';
import { validateCustomValues } from '../custom-fields/custom-values.ts';
import { parse } from '../../http/validate.ts';
import { createIssue } from '../issues/issue.service.ts';
import { assigneeCanView, labelsInProject } from '../issues/issue-validate.ts';
import { requireProject, type Viewer } from '../projects/project-access.ts';
import { assertWritable } from '../projects/project-guards.ts';
import { userDay } from '../users/user-day.repository.ts';
import { intArray } from '../../db/sql.ts';
import { selectTemplate } from './template.queries.ts';

type CreateInput = z.output<typeof createTemplateSchema>;
type UpdateInput = z.output<typeof updateTemplateSchema>;
type ApplyInput = z.output<typeof applyTemplateSchema>;

export const nameKey = (name: string) => name.toLocaleLowerCase('ru');

async function checkName(em: EntityManager, projectId: number, name: string, exceptId = 0) {
  const rows = await em.execute('select 1 from issue_templates where project_id = ? and name_key = ? and id <> ?', [projectId, nameKey(name), exceptId]);
  if (rows.length) throw conflict('name_taken', 'name');
}

/** What a template points at must belong to its project, checked as an issue write would check it. */
async function checkRefs(em: EntityManager, projectId: number, t: Pick<IssueTemplate, 'labelIds' | 'assigneeId' | 'customValues'>) {
  await labelsInProject(em, projectId, t.labelIds);
  await assigneeCanView(em, projectId, t.assigneeId);
  return validateCustomValues(em, { projectId, values: t.customValues, mode: 'update' });
}

/** The template and the caller's access to its project; a template of an invisible project is a 404. */
export async function requireTemplate(em: EntityManager, viewer: Viewer, id: number, capability: 'project.view' | 'project.templates' | 'issue.create', lock = false) {
  const template = await selectTemplate(em, id, lock);
  if (!template) throw notFound('template');
  const access = await requireProject(em, viewer, template.projectId, capability).catch((err: unknown) => {
    throw (err as { kind?: string }).kind === 'not_found' ? notFound('template') : err;
  });
  return { template, ...access };
}

export async function createTemplate(em: EntityManager, viewer: Viewer, projectRef: number, input: CreateInput): Promise<number> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectRef, 'project.templates');
    assertWritable(project);
    // One creator at a time per project, so two same-named templates cannot slip past the check.
    await tx.execute('select id from projects where id = ? for update', [project.id]);
    await checkName(tx, project.id, input.name);
    const customValues = await checkRefs(tx, project.id, input);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into issue_templates (project_id, name, name_key, title_pattern, description, label_ids, priority, assignee_id, estimate, due_in_days, custom_values, checklist, position)
       values (?, ?, ?, ?, ?, ?::int[], ?, ?, ?, ?, ?::jsonb, ?::jsonb, (select coalesce(max(position), -1) + 1 from issue_templates where project_id = ?))
       returning id`,
      [project.id, input.name, nameKey(input.name), input.titlePattern, input.description, intArray([...new Set(input.labelIds)]), PRIORITY_VALUE[input.priority],
        input.assigneeId, input.estimate, input.dueInDays, JSON.stringify(customValues), JSON.stringify(input.checklist), project.id],
    );
    return row!.id;
  });
}

export async function updateTemplate(em: EntityManager, viewer: Viewer, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    const { template, project } = await requireTemplate(tx, viewer, id, 'project.templates', true);
    assertWritable(project);
    const next = { ...template, ...patch };
    if (patch.name !== undefined) {
      await tx.execute('select id from projects where id = ? for update', [project.id]);
      await checkName(tx, project.id, next.name, id);
    }
    const customValues = await checkRefs(tx, project.id, next);
    await tx.execute(
      `update issue_templates set name = ?, name_key = ?, title_pattern = ?, description = ?, label_ids = ?::int[], priority = ?, assignee_id = ?,
              estimate = ?, due_in_days = ?, custom_values = ?::jsonb, checklist = ?::jsonb, position = ?, updated_at = now()
        where id = ?`,
      [next.name, nameKey(next.name), next.titlePattern, next.description, intArray([...new Set(next.labelIds)]), PRIORITY_VALUE[next.priority], next.assigneeId,
        next.estimate, next.dueInDays, JSON.stringify(customValues), JSON.stringify(next.checklist), next.position, id],
    );
  });
}

export async function deleteTemplate(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { project } = await requireTemplate(tx, viewer, id, 'project.templates', true);
    assertWritable(project);
    await tx.execute('delete from issue_templates where id = ?', [id]);
  });
}

/**
 * Creates an issue from a template and one sub-issue per checklist line, all in one transaction
 * and each through `createIssue`, so the create rules stay in one place. Fields given in `input`
 * win over the template's; `text` fills `{title}`.
 */
/**
 * The bot's `/new /name line`: the template must be of the project the line was sent to; only
 * what the line named (a priority, a due date, a person, labels, which add to the template's) goes
 * over the template. `title` is the `{title}` text.
 */
export async function issueFromTemplate(
  em: EntityManager,
  viewer: Viewer,
  projectId: number,
  templateId: number,
  line: { title: string; priority: string; dueDate: string | null; assigneeId: number | null; labelIds: number[]; streamIds: number[] },
): Promise<number> {
  const template = await selectTemplate(em, templateId);
  if (!template || template.projectId !== projectId) throw notFound('template');
  const input = parse(applyTemplateSchema, {
    text: line.title,
    streamIds: line.streamIds,
    ...(line.priority !== 'none' ? { priority: line.priority } : {}),
    ...(line.dueDate ? { dueDate: line.dueDate } : {}),
    ...(line.assigneeId !== null ? { assigneeId: line.assigneeId } : {}),
    ...(line.labelIds.length ? { labelIds: [...new Set([...template.labelIds, ...line.labelIds])] } : {}),
  });
  return (await applyTemplate(em, viewer, templateId, input)).id;
}

export async function applyTemplate(em: EntityManager, viewer: Viewer, id: number, input: ApplyInput): Promise<{ id: number; subIssueIds: number[] }> {
  return em.transactional(async (tx) => {
    const { template, project } = await requireTemplate(tx, viewer, id, 'issue.create');
    const { text, ...overrides } = input;
    const draft = templateDraft(template, { text, today: todayIn((await userDay(tx, viewer.id)).timeZone) });
    const main = parse(createIssueSchema, { ...draft, ...overrides, projectId: project.id });
    const issueId = await createIssue(tx, viewer, main);
    const subIssueIds: number[] = [];
    for (const title of template.checklist) {
      subIssueIds.push(await createIssue(tx, viewer, parse(createIssueSchema, { projectId: project.id, title, parentId: issueId })));
    }
    return { id: issueId, subIssueIds };
  });
}
