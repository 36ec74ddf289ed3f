// The create dialog (issue 15): `c` or a New button opens it over the page, the title focused. The
// title is a quick-add line (its chips say what was read); the project starts as the one viewed,
// else the last used. "Create more" keeps it open for the next title. Closing with input typed asks
// first; what was typed is kept as a draft meanwhile (use-create-form.ts).
import { removeToken } from '@tracker/shared/quick-add/index';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Dialog, DialogTitle } from '../../../components/Dialog.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { auth } from '../../../lib/auth.ts';
import { TemplatePicker, TemplateSuggestions, TemplateSummary } from '../../../components/template/TemplatePicker.tsx';
import { userRef } from '../detail/people.ts';
import { PriorityField, StatusField } from '../fields/choice.tsx';
import { CustomFieldSet } from '../fields/custom.tsx';
import { fieldKey } from '../custom-fields/values.ts';
import { DateField } from '../fields/inputs.tsx';
import { AssigneeField } from '../fields/picked.tsx';
import { DescriptionField } from '../form/DescriptionField.tsx';
import { defaultProject } from '../form/last-project.ts';
import { QuickChips } from '../../../components/issue/QuickAdd.tsx';
import { useCreatableProjects } from './use-creatable-projects.ts';
import { useCreateForm } from './use-create-form.ts';
import '../detail/issue.css';
import './create.css';

interface Props {
  /** The project asked for (key or id): the one being viewed. */
  project: string | null;
  onClose: () => void;
}

export function CreateIssueDialog({ project, onClose }: Props) {
  const { t } = useTranslation();
  const href = useHref();
  const ids = { project: useId(), title: useId(), more: useId() };
  const { user } = useSnapshot(auth.state);
  const projects = useCreatableProjects();
  const projectId = useMemo(() => (projects ? (defaultProject(projects, project)?.id ?? null) : null), [projects, project]);
  const form = useCreateForm({ projects: projects ?? [], projectId, userId: user?.id ?? null });
  const { values, set, hasError, busy, statuses, fields, templates } = form;
  const [more, setMore] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [tries, setTries] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const asking = useRef(false);

  // A refused create: the first field the errors point at.
  useEffect(() => {
    if (tries) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tries]);

  const err = form.errorFor;
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  const optionalOpen = optional.some((f) => err(fieldKey(f)) !== undefined);

  const requestClose = async () => {
    if (asking.current) return;
    if (!form.unsaved) return onClose();
    asking.current = true;
    const discard = await confirmAction({
      title: t('issues.createDialog.discardTitle'),
      message: t('issues.createDialog.discardText'),
      confirmText: t('issues.createDialog.discard'),
      cancelText: t('issues.createDialog.keepEditing'),
      destructive: true,
    });
    asking.current = false;
    if (discard) {
      form.discard();
      onClose();
      return;
    }
    titleRef.current?.focus();
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const issue = await form.submit();
    if (!issue) {
      setTries((n) => n + 1);
      return;
    }
    toast({ title: t('issues.createDialog.created', { key: issue.key }), color: 'success', link: { href: href('issue', { id: issue.key }), label: t('issues.createDialog.open') } });
    if (!more) return onClose();
    form.reset();
    setCreated(issue.key);
    titleRef.current?.focus();
  };

  // Ctrl/⌘+Enter creates from any field (Enter alone is a new line in the description).
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };

  const noProjects = projects?.length === 0;
  return (
    <Dialog className="create-dialog" onClose={() => void requestClose()} closeOnBackdrop testId="create-dialog">
      <form ref={formRef} className="form create-dialog__form" noValidate onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} aria-busy={busy || undefined}>
        <div className="create-dialog__head">
          <DialogTitle className="modal__title">{t('issues.createDialog.title')}</DialogTitle>
          <div className={`create-dialog__project${hasError('projectId') ? ' field--error' : ''}`}>
            <label htmlFor={ids.project} className="visually-hidden">
              {t('issues.form.project')}
            </label>
            <select
              id={ids.project}
              data-testid="create-project"
              value={values.projectId ?? ''}
              disabled={!projects?.length}
              aria-invalid={hasError('projectId') || undefined}
              onChange={(e) => set('projectId', e.target.value ? Number(e.target.value) : null)}
            >
              {!values.projectId && <option value="">{projects ? t('issues.form.chooseProject') : t('issues.createDialog.loading')}</option>}
              {projects?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.key} · {p.name}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="icon-button create-dialog__close" aria-label={t('issues.createDialog.close')} onClick={() => void requestClose()} data-testid="create-close">
            ×
          </button>
        </div>
        {hasError('projectId') && <p className="field__error" data-testid="create-error-projectId">{err('projectId')}</p>}
        {noProjects && <FormAlert message={t('issues.form.noProjects')} />}

        {!!templates.list.length && <TemplatePicker templates={templates.list} value={templates.chosen} onPick={templates.pick} />}

        <div className={`field create-dialog__title${hasError('title') ? ' field--error' : ''}`}>
          <label htmlFor={ids.title} className="visually-hidden">
            {t('issues.form.title')}
          </label>
          <input
            ref={titleRef}
            // The title takes the dialog's first focus, ready to type.
            autoFocus
            id={ids.title}
            type="text"
            name="title"
            autoComplete="off"
            data-testid="create-title"
            placeholder={t('issues.createDialog.titlePlaceholder')}
            aria-describedby={`${ids.title}-hint`}
            aria-invalid={hasError('title') || undefined}
            value={form.line}
            onChange={(e) => form.setLine(e.target.value)}
          />
          {hasError('title') && <p className="field__error" data-testid="create-error-title">{err('title')}</p>}
          <p id={`${ids.title}-hint`} className="field__hint">
            {t('issues.createDialog.titleHint')}
          </p>
          <TemplateSuggestions templates={templates.list} prefix={templates.prefix} onPick={templates.pick} />
          <QuickChips chips={form.chips} onRemove={(token) => form.setLine(removeToken(form.line, token))} />
          {templates.chosen && (
            <TemplateSummary
              template={templates.chosen}
              title={templates.title}
              labelNames={values.labelIds.map((id) => templates.labels.find((l) => l.id === id)?.name).filter((n): n is string => !!n)}
            />
          )}
        </div>

        <DescriptionField value={values.description} onChange={(v) => set('description', v)} error={err('description')} />

        <div className="form-grid create-dialog__props">
          <StatusField statuses={statuses} value={values.statusId} onChange={(v) => set('statusId', v)} withDefault error={err('statusId')} testid="create-status" />
          <PriorityField value={values.priority} onChange={(v) => set('priority', v)} error={err('priority')} testid="create-priority" />
          <AssigneeField value={userRef(values.assigneeId, t)} onChange={(u) => set('assigneeId', u?.id ?? null)} error={err('assigneeId')} testid="create-assignee" />
          <DateField which="dueDate" value={values.dueDate} onChange={(v) => set('dueDate', v)} error={err('dueDate')} testid="create-due" />
        </div>

        {/* Required fields show; the optional ones fold away, opened by a value or an error among them. */}
        <CustomFieldSet fields={required} values={values.customValues} onChange={form.setCustom} error={err} testid="create-custom-fields" />
        {optional.length > 0 && (
          <details className="create-dialog__more-fields" open={optionalOpen || undefined} data-testid="create-more-fields">
            <summary>{t('issues.createDialog.moreFields', { count: optional.length })}</summary>
            <CustomFieldSet fields={optional} values={values.customValues} onChange={form.setCustom} error={err} testid="create-optional-fields" />
          </details>
        )}

        <FormAlert message={form.formError} />
        <div className="create-dialog__foot">
          <p className="create-dialog__created" aria-live="polite" data-testid="create-created">
            {created && (
              <>
                {t('issues.createDialog.created', { key: created })}{' '}
                {/* Leaving for the issue keeps what is typed as the draft: no question to ask. */}
                <Link href={href('issue', { id: created })} onClick={onClose} data-testid="create-created-link">
                  {t('issues.createDialog.open')}
                </Link>
              </>
            )}
          </p>
          <label className="create-dialog__more" htmlFor={ids.more}>
            <input id={ids.more} type="checkbox" checked={more} onChange={(e) => setMore(e.target.checked)} data-testid="create-more" />
            {t('issues.createDialog.createMore')}
          </label>
          <Button type="submit" variant="primary" data-testid="create-submit" disabled={busy || noProjects} aria-disabled={busy || undefined}>
            {busy ? t('issues.createDialog.creating') : t('issues.createDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
