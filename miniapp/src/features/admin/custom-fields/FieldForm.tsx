import { createCustomFieldSchema, type CreateCustomFieldRequest, type CustomField, type CustomFieldType } from '@tracker/shared/api/custom-fields';
import { CUSTOM_FIELD_TYPES } from '@tracker/shared/api/values/custom-fields';
import { useId, useRef, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import type { ProjectOption } from './api.ts';
import { DefaultValueInput } from './DefaultValueInput.tsx';
import { isSelectType, requestFrom, valuesFromField, type CustomFieldRequest } from './form.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';

interface Props {
  /** The stored field when editing; a new field starts empty. */
  field?: CustomField;
  /** The name of a user default, when it is known. */
  userName?: string;
  projects: readonly ProjectOption[] | null;
  submitLabel: string;
  onSubmit: (body: CustomFieldRequest) => Promise<void>;
  /** Extra buttons beside the submit (archive, delete). */
  actions?: ReactNode;
}

const LANGS = ['ru', 'en'] as const;

export function FieldForm({ field, userName, projects, submitLabel, onSubmit, actions }: Props) {
  const { t } = useTranslation();
  // An edit sends the whole field too, so the create schema checks both.
  const form = useServerForm(createCustomFieldSchema, valuesFromField(field));
  // Row keys (not option ids: new options have none) so rows and a default follow an option.
  const options = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const keys = options.fields.map((o) => o.key);
  // Options a non-select type hides are no part of the field (nor checked), yet return with the type.
  const hiddenOptions = useRef<NonNullable<CreateCustomFieldRequest['options']>>([]);
  const pending = form.formState.isSubmitting;
  const typeId = useId();
  const element = useRef<HTMLFormElement>(null);
  // Inside Telegram: Save/Create on the MainButton, and closing asks while the field is edited.
  useMainButton({ text: submitLabel, loading: pending, enabled: !pending }, () => element.current?.requestSubmit());
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const [type, scope, projectIds] = form.watch(['type', 'scope', 'projectIds']);
  // After a submit, a change re-checks its field (clearing a server message), as typed inputs do.
  const change = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };

  const changeType = (next: CustomFieldType) => {
    if (isSelectType(type) && !isSelectType(next)) {
      hiddenOptions.current = form.getValues('options') ?? [];
      options.replace([]);
    } else if (!isSelectType(type) && isSelectType(next)) {
      options.replace(hiddenOptions.current);
    }
    form.setValue('type', next, change);
    form.setValue('defaultValue', null, change);
  };

  const submit = form.submit(
    async (values) => {
      await onSubmit(requestFrom(values, keys));
      haptic('success');
    },
    () => {
      haptic('error');
      // Put the first field with a problem in view and focus.
      requestAnimationFrame(() => element.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());
    },
  );

  const fieldErrors = Object.keys(form.formState.errors).some((name) => name !== 'root');
  const typeError = form.errorFor('type');
  const projectsError = form.errorFor('projectIds') ?? form.errorFor('scope');
  const valueCount = field?.valueCount ?? 0;

  return (
    <form ref={element} className="form cf-form" noValidate onSubmit={submit} aria-busy={pending}>
      <FormAlert message={form.formError ?? (fieldErrors ? t('customFields.form.fixErrors') : null)} />

      <div className={`field${typeError ? ' field--error' : ''}`}>
        <label htmlFor={typeId}>{t('customFields.form.type')}</label>
        <select
          id={typeId}
          className="cf-select"
          value={type}
          data-testid="cf-type"
          aria-describedby={`${typeId}-hint`}
          aria-invalid={typeError ? true : undefined}
          onChange={(e) => changeType(e.target.value as CustomFieldType)}
        >
          {CUSTOM_FIELD_TYPES.map((option) => (
            <option key={option} value={option}>
              {t(`customFields.types.${option}`)}
            </option>
          ))}
        </select>
        <p id={`${typeId}-hint`} className="field__hint">
          {valueCount > 0 ? t('customFields.form.typeLocked', { count: valueCount }) : t(`customFields.typeHints.${type}`)}
        </p>
        {typeError && <p className="field__error">{typeError}</p>}
      </div>

      <div className="cf-pair">
        {LANGS.map((lang) => (
          <TextField
            key={lang}
            {...form.register(`name.${lang}`)}
            label={t(`customFields.form.name.${lang}`)}
            maxLength={100}
            required
            lang={lang}
            data-testid={`cf-name-${lang}`}
            error={form.errorFor(`name.${lang}`) ?? form.errorFor('name')}
          />
        ))}
      </div>

      <div className="cf-pair">
        {LANGS.map((lang) => {
          const error = form.errorFor(`description.${lang}`) ?? form.errorFor('description');
          return (
            <div key={lang} className={`field${error ? ' field--error' : ''}`}>
              <label htmlFor={`${typeId}-desc-${lang}`}>{t(`customFields.form.description.${lang}`)}</label>
              <textarea
                id={`${typeId}-desc-${lang}`}
                {...form.register(`description.${lang}`)}
                lang={lang}
                rows={2}
                maxLength={2000}
                data-testid={`cf-desc-${lang}`}
                aria-invalid={error ? true : undefined}
              />
              {error && <p className="field__error">{error}</p>}
            </div>
          );
        })}
      </div>

      <label className="cf-check">
        <input type="checkbox" {...form.register('required')} data-testid="cf-required" />
        {t('customFields.form.required')}
      </label>

      <fieldset className={`cf-fieldset${projectsError ? ' field--error' : ''}`} data-testid="cf-scope">
        <legend>{t('customFields.form.scope')}</legend>
        <div className="cf-radios">
          {(['all', 'projects'] as const).map((option) => (
            <label key={option} className="cf-check">
              <input type="radio" value={option} {...form.register('scope')} data-testid={`cf-scope-${option}`} />
              {t(`customFields.scope.${option}`)}
            </label>
          ))}
        </div>
        {scope === 'projects' && (
          <div className="cf-checks cf-projects" role="group" aria-label={t('customFields.form.projects')}>
            {projects === null && <span className="muted">{t('common.loading')}</span>}
            {projects?.map((p) => (
              <label key={p.id} className="cf-check">
                <input
                  type="checkbox"
                  checked={projectIds?.includes(p.id) ?? false}
                  data-testid={`cf-project-${p.key}`}
                  onChange={(e) => form.setValue('projectIds', e.target.checked ? [...(projectIds ?? []), p.id] : (projectIds ?? []).filter((id) => id !== p.id), change)}
                />
                <span className="cf-key">{p.key}</span> {p.name}
                {p.archivedAt && <span className="cf-badge">{t('customFields.archived')}</span>}
              </label>
            ))}
          </div>
        )}
        {projectsError && (
          <p className="field__error" data-testid="error-projectIds">
            {projectsError}
          </p>
        )}
      </fieldset>

      {isSelectType(type) && <OptionsEditor form={form} options={options} />}

      <DefaultValueInput form={form} keys={keys} userName={userName} />

      <div className="cf-actions">
        <Button type="submit" variant="primary" disabled={pending} data-testid="cf-submit">
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
}
