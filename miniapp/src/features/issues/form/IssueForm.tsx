// The create/edit form: quick add on top (create only) fills the fields below (which stay editable), then every
// field including the chosen project's custom fields, with per-field errors from the shared schema
// (client) and the server's `data.issues`. Edit sends only what changed.
import type { EditConflictData, IssueDetail } from '@tracker/shared/api/issues';
import type { Project } from '@tracker/shared/api/projects';
import { removeToken } from '@tracker/shared/quick-add/index';
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { usePlanOptions, writeIssueNow } from '../../../store/index.ts';
import { userRef } from '../detail/people.ts';
import { PriorityField, StatusField } from '../fields/choice.tsx';
import { CustomFieldSet } from '../fields/custom.tsx';
import { DateField, EstimateField } from '../fields/inputs.tsx';
import { AssigneeField, LabelsField, ParentField, StreamsField, type ParentRef } from '../fields/picked.tsx';
import { CycleField, MilestoneField } from '../fields/plan.tsx';
import { editConflictOf, rebase } from './conflict.ts';
import { DescriptionField } from './DescriptionField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { MergeDialog } from './MergeDialog.tsx';
import { toCreateRequest, toPatch, valuesFromIssue, type IssueFormValues } from './model.ts';
import { QuickAdd } from '../../../components/issue/QuickAdd.tsx';
import { useQuickLine } from './use-quick-line.ts';
import { useProjectData, useProjectSwitch, useStreams } from './use-form-data.ts';
import { issueFieldNames, issueFormSchema } from './validate.ts';

interface Props {
  mode: 'create' | 'edit';
  initial: IssueFormValues;
  /** Create: the projects where I may create issues. Edit: the issue's project only. */
  projects: readonly Pick<Project, 'id' | 'key' | 'name'>[];
  initialParent?: ParentRef | null;
  issue?: IssueDetail;
  onSaved: (issue: IssueDetail) => void;
}

export function IssueForm({ mode, initial, projects, initialParent, issue, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const href = useHref();
  const ids = { project: useId(), title: useId() };
  const base = useRef(initial);
  // The version the edit started from: sent with title and description edits (409 on a stale one).
  const version = useRef(issue?.version);
  const [conflict, setConflict] = useState<{ data: EditConflictData; mine: IssueFormValues } | null>(null);
  const [saved, setSaved] = useState(false);
  // Defaults filled in by the form itself (a project's custom fields) are not the user's changes.
  const [touched, setTouched] = useState(false);
  const [quick, setQuick] = useState('');
  const [parent, setParent] = useState<ParentRef | null>(initialParent ?? null);
  const isKey = (k: string) => i18n.exists(k);
  const fieldsNow = useRef<readonly CustomField[]>([]);
  const form = useServerForm(issueFormSchema(mode, () => base.current, () => fieldsNow.current, isKey), initial);
  const values = form.watch();
  const { setValues } = form;
  const streams = useStreams();
  const projectData = useProjectData(values.projectId);
  const fields = useMemo(() => projectData?.fields ?? [], [projectData]);
  fieldsNow.current = fields;
  const labels = useMemo(() => projectData?.detail?.labels ?? [], [projectData]);
  const plan = usePlanOptions(values.projectId);
  const statuses = projectData?.detail?.statuses ?? [];
  const busy = form.formState.isSubmitting;
  // A refused save: the first field the errors point at (custom inputs are not registered with the form).
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries) document.querySelector<HTMLElement>('.issue-form [aria-invalid="true"]')?.focus();
  }, [tries]);

  const set = <K extends keyof IssueFormValues>(key: K, value: IssueFormValues[K]) => {
    form.setValue(key, value as never, { shouldDirty: true });
    form.clearErrors(key);
  };
  const setCustom = (id: number, value: unknown) => {
    const path = `customValues.${id}` as const;
    form.setValue(path, value, { shouldDirty: true });
    form.clearErrors(path);
  };

  const chips = useQuickLine(quick, { mode, projects, labels, setValues, base, projectId: values.projectId });

  // A new project (create): its custom fields' defaults, labels of other projects dropped, default status.
  useProjectSwitch(projectData, setValues, mode === 'edit' ? initial.projectId : null);

  const send = async (current: IssueFormValues) => {
    let saved: IssueDetail;
    // Through the store: the answer joins it, so lists show the issue without waiting for the feed.
    if (mode === 'create') saved = await writeIssueNow(() => issueApi.create(toCreateRequest(current, fields)));
    else {
      const patch = toPatch(base.current, current, fields);
      if ((patch.title !== undefined || patch.description !== undefined) && version.current) patch.baseVersion = version.current;
      saved = Object.keys(patch).length ? await writeIssueNow(() => issueApi.update(issue!.id, patch)) : issue!;
    }
    setSaved(true);
    haptic('success');
    onSaved(saved);
  };
  const refused = (err: unknown) => {
    haptic('error');
    const stale = editConflictOf(err);
    if (!stale) return setTries((n) => n + 1);
    // Not a mistake in the input: the merge dialog says what changed meanwhile.
    form.clearErrors();
    setConflict({ data: stale, mine: form.getValues() });
  };
  const submit = form.submit(send, { onRefused: refused, onInvalid: () => setTries((n) => n + 1), fields: issueFieldNames(fields) });

  // Inside Telegram the primary action is also on the MainButton; the form's own button stays.
  useMainButton({ text: mode === 'create' ? t('issues.form.create') : t('issues.form.save'), loading: busy, enabled: !busy }, () => void (busy || submit()));

  useUnsavedChanges(!saved && (quick.trim() !== '' || (touched && JSON.stringify(values) !== JSON.stringify(base.current))));

  const err = (key: string) => form.errorFor(key as never);
  const hasError = (key: keyof IssueFormValues) => form.getFieldState(key, form.formState).invalid;
  const project = projects.find((p) => p.id === values.projectId);

  /** Their issue becomes the base; my edits (with the merged texts) go on top of it and are saved. */
  const saveMerged = (merged: Partial<Pick<IssueFormValues, 'title' | 'description'>>) => {
    if (!conflict) return;
    const theirs = valuesFromIssue(conflict.data.issue);
    const next = rebase(base.current, { ...conflict.mine, ...merged }, theirs);
    base.current = theirs;
    version.current = conflict.data.version;
    setConflict(null);
    setValues(next);
    void submit();
  };

  return (
    <>
      {conflict && <MergeDialog conflict={conflict.data} mine={conflict.mine} onSave={saveMerged} onCancel={() => setConflict(null)} />}
      <form
        className="form issue-form"
        onInput={() => setTouched(true)}
        onPointerDown={() => setTouched(true)}
        data-testid="issue-form"
        noValidate
        onSubmit={(e) => void submit(e)}
      >
        {/* Quick add is for a new issue; an existing one is edited field by field. */}
        {mode === 'create' && <QuickAdd value={quick} onChange={setQuick} chips={chips} onRemove={(token) => setQuick((q) => removeToken(q, token))} />}

        <div className="form-grid">
          <div className={`field${hasError('projectId') ? ' field--error' : ''}`}>
            <label htmlFor={ids.project}>{t('issues.form.project')}</label>
            {mode === 'create' ? (
              <select id={ids.project} data-testid="form-project" value={values.projectId ?? ''} aria-invalid={hasError('projectId') || undefined} onChange={(e) => set('projectId', e.target.value ? Number(e.target.value) : null)}>
                {!values.projectId && <option value="">{t('issues.form.chooseProject')}</option>}
                {projects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.key} · {p.name}
                  </option>
                ))}
              </select>
            ) : (
              <input id={ids.project} data-testid="form-project" readOnly value={project ? `${project.key} · ${project.name}` : ''} />
            )}
            {hasError('projectId') && <p className="field__error" data-testid="error-projectId">{err('projectId')}</p>}
          </div>

          <div className={`field field--wide${hasError('title') ? ' field--error' : ''}`}>
            <label htmlFor={ids.title}>
              {t('issues.form.title')}
              <span aria-hidden="true" className="required-mark"> *</span>
            </label>
            <input id={ids.title} name="title" data-testid="form-title" required value={values.title} aria-invalid={hasError('title') || undefined} onChange={(e) => set('title', e.target.value)} />
            {hasError('title') && <p className="field__error" data-testid="error-title">{err('title')}</p>}
          </div>
        </div>

        <DescriptionField value={values.description} onChange={(v) => set('description', v)} error={err('description')} />

        <div className="form-grid">
          <StatusField statuses={statuses} value={values.statusId} onChange={(v) => set('statusId', v)} withDefault={mode === 'create'} error={err('statusId')} testid="form-status" />
          <PriorityField value={values.priority} onChange={(v) => set('priority', v)} error={err('priority')} testid="form-priority" />
          <AssigneeField value={userRef(values.assigneeId, t)} onChange={(u) => set('assigneeId', u?.id ?? null)} error={err('assigneeId')} testid="form-assignee" />
          <LabelsField options={labels} value={values.labelIds} onChange={(v) => set('labelIds', v)} error={err('labelIds')} testid="form-labels" />
          <StreamsField options={streams} value={values.streamIds} onChange={(v) => set('streamIds', v)} error={err('streamIds')} testid="form-streams" />
          <DateField which="startDate" value={values.startDate} onChange={(v) => set('startDate', v)} error={err('startDate')} testid="form-start" />
          <DateField which="dueDate" value={values.dueDate} onChange={(v) => set('dueDate', v)} error={err('dueDate')} testid="form-due" />
          <EstimateField value={values.estimate} onChange={(v) => set('estimate', v)} error={err('estimate')} testid="form-estimate" />
          <ParentField
            value={parent}
            excludeId={issue?.id}
            error={err('parentId')}
            testid="form-parent"
            onChange={(p) => {
              set('parentId', p?.issueId ?? null);
              setParent(p);
            }}
          />
          <CycleField options={plan.cycles} value={values.cycleId} onChange={(v) => set('cycleId', v)} error={err('cycleId')} testid="form-cycle" />
          <MilestoneField options={plan.milestones} value={values.milestoneId} onChange={(v) => set('milestoneId', v)} error={err('milestoneId')} testid="form-milestone" />
        </div>

        <CustomFieldSet fields={fields} values={values.customValues} onChange={setCustom} error={err} testid="custom-fields" />

        <FormAlert message={form.formError} />
        <div className="actions">
          <Button type="submit" variant="primary" data-testid="form-submit" disabled={busy}>
            {mode === 'create' ? t('issues.form.create') : t('issues.form.save')}
          </Button>
          <Link href={issue ? href('issue', { id: issue.key }) : href('issues')} className={buttonClass({ variant: 'secondary' })}>
            {t('issues.common.cancel')}
          </Link>
        </div>
      </form>
    </>
  );
}
