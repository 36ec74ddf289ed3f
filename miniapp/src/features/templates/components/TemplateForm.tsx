// One template's form (react-hook-form on the shared create schema): the checklist is edited as
// lines of text, the due offset and the estimate as numbers that may be left empty.
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import type { UserRef } from '@tracker/shared/api/common';
import type { Label } from '@tracker/shared/api/projects';
import { createTemplateSchema, type CreateTemplateRequest, type IssueTemplate } from '@tracker/shared/api/templates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';

interface Props {
  template: IssueTemplate | null;
  labels: readonly Label[];
  /** The project's people, for the assignee. */
  people: readonly UserRef[];
  onSubmit: (values: CreateTemplateRequest) => Promise<void>;
  onCancel: () => void;
}

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

export function TemplateForm({ template, labels, people, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useServerForm(createTemplateSchema, {
    name: template?.name ?? '',
    titlePattern: template?.titlePattern ?? '{title}',
    description: template?.description ?? '',
    labelIds: template?.labelIds ?? [],
    priority: template?.priority ?? 'none',
    assigneeId: template?.assigneeId ?? null,
    estimate: template?.estimate ?? null,
    dueInDays: template?.dueInDays ?? null,
    checklist: template?.checklist ?? [],
  });
  const [labelIds, checklist, dueInDays, estimate, assigneeId] = form.watch(['labelIds', 'checklist', 'dueInDays', 'estimate', 'assigneeId']);
  const pending = form.formState.isSubmitting;
  const submit = form.submit(async (values) => onSubmit(values));
  const toggleLabel = (labelId: number, on: boolean) =>
    form.setValue('labelIds', on ? [...(labelIds ?? []), labelId] : (labelIds ?? []).filter((x) => x !== labelId), { shouldDirty: true });

  return (
    <form noValidate className="form template-form" onSubmit={submit} aria-busy={pending} data-testid="template-form">
      <FormAlert message={form.formError} />
      <TextField {...form.register('name')} label={t('projects.templates.name')} hint={t('projects.templates.nameHint')} maxLength={40} error={form.errorFor('name')} required />
      <TextField {...form.register('titlePattern')} label={t('projects.templates.titlePattern')} hint={t('projects.templates.titlePatternHint')} maxLength={300} error={form.errorFor('titlePattern')} />
      <div className="field">
        <label htmlFor={`${id}-d`}>{t('projects.templates.description')}</label>
        <textarea id={`${id}-d`} rows={4} {...form.register('description')} data-testid="template-description" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-p`}>{t('projects.templates.priority')}</label>
        <select id={`${id}-p`} {...form.register('priority')} data-testid="template-priority">
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`issues.priority.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-a`}>{t('projects.templates.assignee')}</label>
        <select
          id={`${id}-a`}
          value={assigneeId ?? ''}
          onChange={(e) => form.setValue('assigneeId', e.target.value ? Number(e.target.value) : null, { shouldDirty: true })}
          data-testid="template-assignee"
        >
          <option value="">{t('projects.templates.nobody')}</option>
          {people.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </div>
      {!!labels.length && (
        <fieldset className="field template-form__labels">
          <legend>{t('projects.templates.labels')}</legend>
          {labels.map((l) => (
            <label key={l.id} className="check">
              <input type="checkbox" checked={(labelIds ?? []).includes(l.id)} onChange={(e) => toggleLabel(l.id, e.target.checked)} />
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="form-grid">
        <TextField
          name="dueInDays"
          type="number"
          min={0}
          inputMode="numeric"
          label={t('projects.templates.dueInDays')}
          hint={t('projects.templates.dueInDaysHint')}
          value={dueInDays ?? ''}
          onChange={(e) => form.setValue('dueInDays', numberOrNull(e.target.value), { shouldDirty: true })}
          error={form.errorFor('dueInDays')}
        />
        <TextField
          name="estimate"
          inputMode="decimal"
          label={t('projects.templates.estimate')}
          value={estimate ?? ''}
          onChange={(e) => form.setValue('estimate', numberOrNull(e.target.value), { shouldDirty: true })}
          error={form.errorFor('estimate')}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-c`}>{t('projects.templates.checklist')}</label>
        <textarea
          id={`${id}-c`}
          rows={4}
          defaultValue={(checklist ?? []).join('\n')}
          aria-describedby={`${id}-c-hint`}
          onChange={(e) => form.setValue('checklist', e.target.value.split('\n').map((s) => s.trim()).filter(Boolean), { shouldDirty: true })}
          data-testid="template-checklist"
        />
        <p id={`${id}-c-hint`} className="field__hint">
          {t('projects.templates.checklistHint')}
        </p>
      </div>
      <div className="modal__actions">
        <Button size="small" onClick={onCancel}>
          {t('projects.templates.cancel')}
        </Button>
        <Button type="submit" variant="primary" size="small" disabled={pending} data-testid="template-save">
          {t('projects.templates.save')}
        </Button>
      </div>
    </form>
  );
}
