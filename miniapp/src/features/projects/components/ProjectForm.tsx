import type { UserRef } from '@tracker/shared/api/common';
import { createProjectSchema, projectKeySchema, PROJECT_VISIBILITY, type CreateProjectRequest, type Project } from '@tracker/shared/api/projects';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { fieldErrorsFrom, formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { normalizeKeyInput, suggestKey } from '../key.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { PeoplePicker } from './PeoplePicker.tsx';

const FIELDS = ['key', 'name', 'description', 'color', 'icon', 'leadId', 'visibility'] as const;
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
  const { t, i18n } = useTranslation();
  const id = useId();
  const [name, setName] = useState(project?.name ?? '');
  const [key, setKey] = useState(project?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(!!project);
  const [description, setDescription] = useState(project?.description ?? '');
  const [color, setColor] = useState(project?.color ?? PROJECT_COLORS[0]);
  const [icon, setIcon] = useState(project?.icon ?? '');
  const [lead, setLead] = useState<UserRef[]>(project?.lead ? [project.lead] : []);
  const [visibility, setVisibility] = useState<(typeof PROJECT_VISIBILITY)[number]>(project?.visibility ?? 'members');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram the submit is also the MainButton; the form's own button stays.
  useMainButton(disabled ? null : { text: submitLabel, loading: pending, enabled: !pending }, () => form.current?.requestSubmit());
  const [saved, setSaved] = useState(false);
  const snapshot = JSON.stringify([name, key, description, color, icon, lead[0]?.id ?? null, visibility]);
  const initial = useRef(snapshot);
  useUnsavedChanges(!disabled && !saved && snapshot !== initial.current);

  const message = (k: string) => (i18n.exists(k) ? t(k) : t('validation.invalid'));
  const errorFor = (field: string) => (errors[field] ? message(errors[field]) : undefined);

  // Live key check with the shared schema (only once there is something to check).
  const liveKeyError = !project && key && !projectKeySchema.safeParse(key).success ? 'validation.projectKey' : undefined;

  const onName = (value: string) => {
    setName(value);
    if (!keyTouched) setKey(suggestKey(value));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const values: CreateProjectRequest = {
      key: project?.key ?? key,
      name,
      description,
      color,
      icon: icon.trim() || null,
      leadId: lead[0]?.id ?? null,
      visibility,
    };
    const parsed = createProjectSchema.safeParse(values);
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
      setSaved(true);
      haptic('success');
    } catch (err) {
      haptic('error');
      const state = formErrorsFrom(err, FIELDS);
      setErrors(state.fields);
      setFormError(state.form ? (state.form.raw ? state.form.key : message(state.form.key)) : null);
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={form} noValidate className="form pform" onSubmit={submit} aria-busy={pending} data-testid="project-form">
      <FormAlert message={formError} />
      <TextField name="name" label={t('projects.form.name')} value={name} onChange={(e) => onName(e.target.value)} required maxLength={100} error={errorFor('name')} disabled={disabled} />
      {!project && (
        <TextField
          name="key"
          label={t('projects.form.key')}
          value={key}
          onChange={(e) => {
            setKeyTouched(true);
            setKey(normalizeKeyInput(e.target.value));
          }}
          required
          autoCapitalize="characters"
          spellCheck={false}
          hint={t('projects.form.keyHint')}
          error={errorFor('key') ?? (liveKeyError ? message(liveKeyError) : undefined)}
        />
      )}
      <div className="field">
        <label htmlFor={`${id}-desc`}>{t('projects.form.description')}</label>
        <textarea id={`${id}-desc`} name="description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} aria-describedby={`${id}-desc-hint`} disabled={disabled} />
        <p id={`${id}-desc-hint`} className="field__hint">
          {t('projects.form.descriptionHint')}
        </p>
        {errorFor('description') && <p className="field__error">{errorFor('description')}</p>}
      </div>
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.color')}</legend>
        <div className="swatches">
          {PROJECT_COLORS.map((c) => (
            <label key={c} className="swatch" style={{ background: c }}>
              <input type="radio" name="color" value={c} checked={color === c} onChange={() => setColor(c)} />
              <span className="visually-hidden">{c}</span>
            </label>
          ))}
          <label className="swatch swatch--custom">
            <span className="visually-hidden">{t('projects.form.customColor')}</span>
            <input type="color" value={color} onChange={(e) => setColor(e.target.value)} data-testid="project-color" />
          </label>
        </div>
        {errorFor('color') && <p className="field__error">{errorFor('color')}</p>}
      </fieldset>
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.icon')}</legend>
        <div className="icons" role="radiogroup" aria-label={t('projects.form.icon')}>
          {PROJECT_ICONS.map((ic) => (
            <button key={ic} type="button" role="radio" aria-checked={icon === ic} className="icon-pick" onClick={() => setIcon(icon === ic ? '' : ic)}>
              {ic}
            </button>
          ))}
        </div>
        <label htmlFor={`${id}-icon`} className="visually-hidden">
          {t('projects.form.iconText')}
        </label>
        <input id={`${id}-icon`} className="pform__icon" value={icon} maxLength={32} placeholder={t('projects.form.iconText')} onChange={(e) => setIcon(e.target.value)} />
      </fieldset>
      <PeoplePicker label={t('projects.form.lead')} selected={lead} onChange={setLead} testId="project-lead" error={errorFor('leadId')} disabled={disabled} />
      <fieldset className="pform__set" disabled={disabled}>
        <legend>{t('projects.form.visibility')}</legend>
        {PROJECT_VISIBILITY.map((v) => (
          <label key={v} className="radio">
            <input type="radio" name="visibility" value={v} checked={visibility === v} onChange={() => setVisibility(v)} data-testid={`visibility-${v}`} />
            <span>
              {t(`projects.visibility.${v}`)}
              <small className="muted"> — {t(`projects.visibility.${v}Hint`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={pending || disabled} data-testid="project-submit">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
