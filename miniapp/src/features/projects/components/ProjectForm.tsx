import type { UserRef } from '@tracker/shared/api/common';
import { createProjectSchema, projectKeySchema, type CreateProjectRequest, type Project } from '@tracker/shared/api/projects';
import { PROJECT_VISIBILITY } from '@tracker/shared/api/values/projects';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { normalizeKeyInput, suggestKey } from '../../../lib/project-key.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';

export const PROJECT_ICONS = ['★', '◆', '●', '▲', '■', '✦', '⚑', '✎', '⚙', '☰', '♥', '✓'] as const;
export const PROJECT_COLORS = ['#3b82f6', '#22c55e', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899', '#14b8a6', '#64748b'] as const;

interface Props {
  /** Edit mode when given: the key is fixed. */
  project?: Project;
  submitLabel: string;
  onSubmit: (values: CreateProjectRequest) => Promise<void>;
  disabled?: boolean;
}

export function ProjectForm({ project, submitLabel, onSubmit, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useServerForm(createProjectSchema, {
    key: project?.key ?? '',
    name: project?.name ?? '',
    description: project?.description ?? '',
    color: project?.color ?? PROJECT_COLORS[0],
    icon: project?.icon ?? '',
    leadId: project?.lead?.id ?? null,
    visibility: project?.visibility ?? 'members',
  });
  const pending = form.formState.isSubmitting;
  // The picker shows people (id and name); the form holds the lead's id.
  const [lead, setLead] = useState<UserRef[]>(project?.lead ? [project.lead] : []);
  const keyTouched = useRef(!!project);
  const element = useRef<HTMLFormElement>(null);
  // Inside Telegram the submit is also the MainButton; the form's own button stays.
  useMainButton(disabled ? null : { text: submitLabel, loading: pending, enabled: !pending }, () => element.current?.requestSubmit());
  useUnsavedChanges(!disabled && form.formState.isDirty);
  const [key, color, icon, visibility] = form.watch(['key', 'color', 'icon', 'visibility']);
  // After a submit, a change re-checks its field (clearing a server message), as typed inputs do.
  const submitted = form.formState.isSubmitted;
  const set = <K extends 'key' | 'color' | 'icon' | 'leadId' | 'visibility'>(name: K, value: PathValue<CreateProjectRequest, K>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: submitted });

  // Live key check with the shared schema (only once there is something to check).
  const liveKeyError = !project && key && !projectKeySchema.safeParse(key).success ? t('validation.projectKey') : undefined;

  const submit = form.submit(
    async (values) => {
      await onSubmit({ ...values, icon: values.icon?.trim() || null });
      form.reset(form.getValues());
      haptic('success');
    },
    () => haptic('error'),
  );

  return (
    <form ref={element} noValidate className="form pform" onSubmit={submit} aria-busy={pending} data-testid="project-form">
      <FormAlert message={form.formError} />
      <TextField
        {...form.register('name', { onChange: (e: ChangeEvent<HTMLInputElement>) => !keyTouched.current && set('key', suggestKey(e.target.value)) })}
        label={t('projects.form.name')}
        required
        maxLength={100}
        error={form.errorFor('name')}
        disabled={disabled}
      />
      {!project && (
        <TextField
          name="key"
          label={t('projects.form.key')}
          value={key}
          onChange={(e) => {
            keyTouched.current = true;
            set('key', normalizeKeyInput(e.target.value));
          }}
          required
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('projects.form.keyHint')}
          error={form.errorFor('key') ?? liveKeyError}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-desc`}>{t('projects.form.description')}</label>
        <textarea id={`${id}-desc`} {...form.register('description')} rows={5} aria-describedby={`${id}-desc-hint`} disabled={disabled} />
        <p id={`${id}-desc-hint`} className="field__hint">
          {t('projects.form.descriptionHint')}
        </p>
        {form.errorFor('description') && <p className="field__error">{form.errorFor('description')}</p>}
      </div>
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.color')}</legend>
        <div className="swatches">
          {PROJECT_COLORS.map((c) => (
            <label key={c} className="swatch" style={{ background: c }}>
              <input type="radio" name="color" value={c} checked={color === c} onChange={() => set('color', c)} />
              <span className="visually-hidden">{c}</span>
            </label>
          ))}
          <label className="swatch swatch--custom">
            <span className="visually-hidden">{t('projects.form.customColor')}</span>
            <input type="color" value={color} onChange={(e) => set('color', e.target.value)} data-testid="project-color" />
          </label>
        </div>
        {form.errorFor('color') && <p className="field__error">{form.errorFor('color')}</p>}
      </fieldset>
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.icon')}</legend>
        <div className="icons" role="radiogroup" aria-label={t('projects.form.icon')}>
          {PROJECT_ICONS.map((ic) => (
            <button key={ic} type="button" role="radio" aria-checked={icon === ic} className="icon-pick" onClick={() => set('icon', icon === ic ? '' : ic)}>
              {ic}
            </button>
          ))}
        </div>
        <label htmlFor={`${id}-icon`} className="visually-hidden">
          {t('projects.form.iconText')}
        </label>
        <input id={`${id}-icon`} className="pform__icon" value={icon ?? ''} maxLength={32} placeholder={t('projects.form.iconText')} onChange={(e) => set('icon', e.target.value)} />
      </fieldset>
      <PeoplePicker label={t('projects.form.lead')} selected={lead}
        onChange={(next) => {
          setLead(next);
          set('leadId', next[0]?.id ?? null);
        }}
        testId="project-lead"
        error={form.errorFor('leadId')} disabled={disabled} />
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.visibility')}</legend>
        {PROJECT_VISIBILITY.map((v) => (
          <label key={v} className="radio">
            <input type="radio" name="visibility" value={v} checked={visibility === v} onChange={() => set('visibility', v)} data-testid={`visibility-${v}`} />
            <span>
              {t(`projects.visibility.${v}`)}
              <small className="muted"> — {t(`projects.visibility.${v}Hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <Button type="submit" variant="primary" disabled={pending || disabled} data-testid="project-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
