// The create dialog's state: the title line (parsed as quick add, its tokens filling the fields),
// the fields, the project's reference data, the draft kept per user, and the create call with the
// server's refusals kept next to the fields. The full page's form (form/IssueForm.tsx) shares the
// model, the checks and the quick-add sync.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import type { Project } from '@tracker/shared/api/projects';
import { findTemplate, parseTemplateCommand, templatePrefix } from '@tracker/shared/quick-add/template-command';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { clearDraft, loadDraft, saveDraft } from '../../../lib/issue-draft.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { writeIssueNow } from '../../../store/index.ts';
import { defaultValues } from '../custom-fields/values.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { rememberProject } from '../form/last-project.ts';
import { emptyValues, toCreateRequest, type IssueFormValues } from '../form/model.ts';
import { useProjectData, useProjectSwitch } from '../form/use-form-data.ts';
import { useQuickLine } from '../form/use-quick-line.ts';
import { issueFieldNames, issueFormSchema } from '../form/validate.ts';
import { templatesApi } from '../../../lib/api/templates.ts';
import { useTemplateChoice } from './use-template-choice.ts';

/** Error keys with an input in the dialog; any other goes to the alert under the form. */
const SHOWN = ['projectId', 'title', 'description', 'statusId', 'priority', 'assigneeId', 'dueDate'];

const fresh = (projectId: number | null): IssueFormValues => ({ ...emptyValues(), projectId });

type Created = { key: string; projectId: number };

export function useCreateForm({ projects, projectId, userId }: { projects: readonly Pick<Project, 'id' | 'key' | 'name'>[]; projectId: number | null; userId: number | null }) {
  const { i18n } = useTranslation();
  // The draft is read once, when the dialog opens; later values are the user's.
  const [draft] = useState(() => (userId ? loadDraft(userId) : null));
  const base = useRef(fresh(projectId));
  const [line, setLine] = useState(draft?.title ?? '');
  const isKey = (k: string) => i18n.exists(k);
  // Read when the dialog is sent: the project's fields and the template's title rule as they are then.
  const now = useRef<{ fields: readonly CustomField[]; final: (v: IssueFormValues) => IssueFormValues }>({ fields: [], final: (v) => v });
  const schema = z
    .custom<IssueFormValues>()
    .transform((v) => now.current.final(v))
    .pipe(issueFormSchema('create', () => base.current, () => now.current.fields, isKey));
  const form = useServerForm(schema, { ...base.current, description: draft?.description ?? '' });
  const values = form.watch();
  const { setValues } = form;
  const busy = form.formState.isSubmitting;

  // The project chosen for the dialog arrives with the project list (or a second open asks for another).
  useEffect(() => {
    if (projectId === null) return;
    base.current = { ...base.current, projectId };
    setValues((v) => ({ ...v, projectId }));
  }, [projectId, setValues]);

  const projectData = useProjectData(values.projectId);
  const fields = useMemo(() => projectData?.fields ?? [], [projectData]);
  const labels = useMemo(() => projectData?.detail?.labels ?? [], [projectData]);
  const statuses = projectData?.detail?.statuses ?? [];
  const chips = useQuickLine(line, { mode: 'create', projects, labels, setValues, base, projectId: values.projectId });
  const choice = useTemplateChoice(values.projectId, { setValues, base, fields });
  now.current = { fields, final: (v) => (choice.template ? { ...v, title: choice.titleFor(v.title) } : v) };

  // Another project: its custom fields' defaults, its own labels only, its default status.
  useProjectSwitch(projectData, setValues, null);

  // Kept as it is typed: a reload, a crash or a closed tab loses nothing.
  useEffect(() => {
    if (userId) saveDraft(userId, { title: line, description: values.description });
  }, [userId, line, values.description]);

  // A field the user changes no longer shows the error it had.
  const set = <K extends keyof IssueFormValues>(key: K, value: IssueFormValues[K]) => {
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors(key);
  };
  const editLine = (text: string) => {
    form.clearErrors('title');
    // `/name ` (with the space) picks the project's template; the rest of the line is its {title}.
    const command = templatePrefix(text) === null ? parseTemplateCommand(text) : null;
    const named = command ? findTemplate(choice.templates, command.name) : undefined;
    if (command && named) {
      choice.pick(named);
      setLine(command.rest);
      return;
    }
    setLine(text);
  };
  const pickTemplate = (tpl: Parameters<typeof choice.pick>[0]) => {
    choice.pick(tpl);
    // A `/prefix` typed to find it is not part of the title.
    if (tpl && templatePrefix(line) !== null) setLine('');
  };
  const setCustom = (id: number, value: unknown) => {
    const path = `customValues.${id}` as const;
    form.setValue(path, value, { shouldDirty: true });
    form.clearErrors(path);
  };

  const create = async (final: IssueFormValues): Promise<Created> => {
    const { template } = choice;
    const { projectId: _, ...request } = toCreateRequest(final, fields);
    const issue = template
      ? await templatesApi.apply(template.id, request).then((r) => ({ key: r.issue.key, projectId: template.projectId }))
      : await writeIssueNow(() => issueApi.create({ ...request, projectId: final.projectId ?? 0 }));
    rememberProject(issue.projectId);
    if (userId) clearDraft(userId);
    return issue;
  };

  /** The created issue, or null (refused: the input stays and the errors say why). */
  const submit = async (): Promise<Created | null> => {
    if (busy) return null;
    let created: Created | null = null;
    await form.submit(async (final) => void (created = await create(final)), { fields: issueFieldNames(fields, SHOWN) })();
    return created;
  };

  /** "Create more": the same project, every other field back to its default. */
  const reset = () => {
    const next = { ...fresh(values.projectId), customValues: defaultValues(fields) };
    base.current = next;
    setLine('');
    form.reset(next);
    if (choice.template) choice.pick(choice.template);
  };

  const unsaved = line.trim() !== '' || values.description.trim() !== '';
  const discard = () => {
    if (userId) clearDraft(userId);
  };

  const errorFor = (key: string) => form.errorFor(key as never);
  const hasError = (key: keyof IssueFormValues) => form.getFieldState(key, form.formState).invalid;
  const templates = { list: choice.templates, chosen: choice.template, pick: pickTemplate, title: choice.titleFor(values.title), prefix: templatePrefix(line), labels };
  return { values, set, setCustom, line, setLine: editLine, chips, errorFor, hasError, formError: form.formError, busy, fields, statuses, submit, reset, unsaved, discard, templates };
}
