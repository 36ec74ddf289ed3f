import type { EntityManager } from '@mikro-orm/postgresql';
import { createIssueSchema, PRIORITY_VALUE } from '@tracker/shared/api/issues';
import { applyTemplateSchema, type applyTemplateResponseSchema, type createTemplateSchema, type IssueTemplate, type updateTemplateSchema } from '@tracker/shared/api/templates';
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
import { viewerDay } from '../users/user-day.repository.ts';
import { issueKeys, selectTemplate, selectTemplates } from './template-reads.repository.ts';
import { deleteTemplateRow, insertTemplate, lockProjectTemplates, templateNameTaken, updateTemplateRow, type TemplateValues } from './template.repository.ts';

type CreateInput = z.output<typeof createTemplateSchema>;
type UpdateInput = z.output<typeof updateTemplateSchema>;
type ApplyInput = z.output<typeof applyTemplateSchema>;

export const nameKey = (name: string) => name.toLocaleLowerCase('ru');

async function checkName(em: EntityManager, projectId: number, name: string, exceptId = 0) {
  if (await templateNameTaken(em, projectId, nameKey(name), exceptId)) throw conflict('name_taken', 'name');
}

/** What is stored of a template: labels once each, the priority as its number. */
const storedValues = (
  t: Pick<IssueTemplate, 'name' | 'titlePattern' | 'description' | 'labelIds' | 'priority' | 'assigneeId' | 'estimate' | 'dueInDays' | 'checklist'>,
  customValues: unknown,
): TemplateValues => ({
  name: t.name,
  nameKey: nameKey(t.name),
  titlePattern: t.titlePattern,
  description: t.description,
  labelIds: [...new Set(t.labelIds)],
  priority: PRIORITY_VALUE[t.priority],
  assigneeId: t.assigneeId,
  estimate: t.estimate,
  dueInDays: t.dueInDays,
  customValues,
  checklist: t.checklist,
});

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

/** A project's templates, for whoever may see the project. */
export async function projectTemplates(em: EntityManager, viewer: Viewer, projectRef: number): Promise<IssueTemplate[]> {
  const { project } = await requireProject(em, viewer, projectRef, 'project.view');
  return selectTemplates(em, project.id);
}

/** A template as its write (which checked who may) left it; 404 if it went meanwhile. */
export async function savedTemplate(em: EntityManager, id: number): Promise<IssueTemplate> {
  const template = await selectTemplate(em, id);
  if (!template) throw notFound('template');
  return template;
}

export async function createTemplate(em: EntityManager, viewer: Viewer, projectRef: number, input: CreateInput): Promise<number> {
  return em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectRef, 'project.templates');
    assertWritable(project);
    // One creator at a time per project, so two same-named templates cannot slip past the check.
    await lockProjectTemplates(tx, project.id);
    await checkName(tx, project.id, input.name);
    const customValues = await checkRefs(tx, project.id, input);
    return insertTemplate(tx, project.id, storedValues(input, customValues));
  });
}

export async function updateTemplate(em: EntityManager, viewer: Viewer, id: number, patch: UpdateInput): Promise<void> {
  await em.transactional(async (tx) => {
    const { template, project } = await requireTemplate(tx, viewer, id, 'project.templates', true);
    assertWritable(project);
    const next = { ...template, ...patch };
    if (patch.name !== undefined) {
      await lockProjectTemplates(tx, project.id);
      await checkName(tx, project.id, next.name, id);
    }
    const customValues = await checkRefs(tx, project.id, next);
    await updateTemplateRow(tx, id, { ...storedValues(next, customValues), position: next.position });
  });
}

export async function deleteTemplate(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { project } = await requireTemplate(tx, viewer, id, 'project.templates', true);
    assertWritable(project);
    await deleteTemplateRow(tx, id);
  });
}

/**
 * The bot's `/new /name line`: the template must be of the project the line was sent to; only
 * what the line named (a priority, a due date, a person, labels, which add to the template's, a cycle) goes
 * over the template. `title` is the `{title}` text.
 */
export async function issueFromTemplate(
  em: EntityManager,
  viewer: Viewer,
  projectId: number,
  templateId: number,
  line: { title: string; priority: string; dueDate: string | null; assigneeId: number | null; labelIds: number[]; streamIds: number[]; cycleId?: number | null },
): Promise<number> {
  const template = await selectTemplate(em, templateId);
  if (!template || template.projectId !== projectId) throw notFound('template');
  const input = parse(applyTemplateSchema, {
    text: line.title,
    streamIds: line.streamIds,
    ...(line.priority !== 'none' ? { priority: line.priority } : {}),
    ...(line.dueDate ? { dueDate: line.dueDate } : {}),
    ...(line.assigneeId !== null ? { assigneeId: line.assigneeId } : {}),
    ...(line.cycleId ? { cycleId: line.cycleId } : {}),
    ...(line.labelIds.length ? { labelIds: [...new Set([...template.labelIds, ...line.labelIds])] } : {}),
  });
  return (await issuesFromTemplate(em, viewer, templateId, input)).id;
}

/** Applies a template (issuesFromTemplate) and answers the new issues with their keys. */
export async function applyTemplate(em: EntityManager, viewer: Viewer, id: number, input: ApplyInput): Promise<z.output<typeof applyTemplateResponseSchema>> {
  const { id: issueId, subIssueIds } = await issuesFromTemplate(em, viewer, id, input);
  const keyOf = await issueKeys(em, [issueId, ...subIssueIds]);
  return { issue: { id: issueId, key: keyOf.get(issueId)! }, subIssues: subIssueIds.map((s) => ({ id: s, key: keyOf.get(s)! })) };
}

/**
 * Creates an issue from a template and one sub-issue per checklist line, all in one transaction
 * and each through `createIssue`, so the create rules stay in one place. Fields given in `input`
 * win over the template's; `text` fills `{title}`.
 */
async function issuesFromTemplate(em: EntityManager, viewer: Viewer, id: number, input: ApplyInput): Promise<{ id: number; subIssueIds: number[] }> {
  return em.transactional(async (tx) => {
    const { template, project } = await requireTemplate(tx, viewer, id, 'issue.create');
    const { text, ...overrides } = input;
    const draft = templateDraft(template, { text, today: todayIn((await viewerDay(tx, viewer)).timeZone) });
    const main = parse(createIssueSchema, { ...draft, ...overrides, projectId: project.id });
    const issueId = await createIssue(tx, viewer, main);
    const subIssueIds: number[] = [];
    for (const title of template.checklist) {
      subIssueIds.push(await createIssue(tx, viewer, parse(createIssueSchema, { projectId: project.id, title, parentId: issueId })));
    }
    return { id: issueId, subIssueIds };
  });
}
