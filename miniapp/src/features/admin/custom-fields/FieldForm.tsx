import { CUSTOM_FIELD_TYPES, type CustomFieldType } from '@tracker/shared/api/custom-fields';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import type { ProjectOption } from './api.ts';
import { DefaultValueInput } from './DefaultValueInput.tsx';
import { serverErrors, type ServerErrors } from './errors.ts';
import { isSelectType, type FieldForm as FormValues } from './form.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';

interface Props {
  initial: FormValues;
  projects: readonly ProjectOption[] | null;
  /** Issues holding a value: the type is then locked by the server. */
  valueCount?: number;
  submitLabel: string;
  onSubmit: (form: FormValues) => Promise<void>;
  /** Extra buttons beside the submit (archive, delete). */
  actions?: ReactNode;
}

const LANGS = ['ru', 'en'] as const;

export function FieldForm({ initial, projects, valueCount = 0, submitLabel, onSubmit, actions }: Props) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<ServerErrors>({ fields: {}, form: null });
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(initial);
  const typeId = useId();
  const element = useRef<HTMLFormElement>(null);
  // Inside Telegram: Save/Create on the MainButton, and closing asks while the field is edited.
  useMainButton({ text: submitLabel, loading: pending, enabled: !pending }, () => element.current?.requestSubmit());
  useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(saved));
  const fe = errors.fields;
  const tr = (key: string | undefined) => (key ? t(key) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setErrors({ fields: {}, form: null });
    try {
      await onSubmit(form);
      setSaved(form);
      haptic('success');
    } catch (err) {
      haptic('error');
      setErrors(serverErrors(err));
      // Put the first field with a problem in view and focus.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.cf-form [aria-invalid="true"], .cf-form [role="alert"]')?.focus?.());
    } finally {
      setPending(false);
    }
  };

  const formMessage = errors.form ? (errors.form.raw ? errors.form.key : i18n.exists(errors.form.key) ? t(errors.form.key) : errors.form.key) : null;
  const projectsError = fe['projectIds'] ?? fe['scope'];

  return (
    <form ref={element} className="form cf-form" noValidate onSubmit={submit} aria-busy={pending}>
      <FormAlert message={formMessage ?? (Object.keys(fe).length ? t('customFields.form.fixErrors') : null)} />

      <div className={`field${fe['type'] ? ' field--error' : ''}`}>
        <label htmlFor={typeId}>{t('customFields.form.type')}</label>
        <select
          id={typeId}
          className="cf-select"
          value={form.type}
          data-testid="cf-type"
          aria-describedby={`${typeId}-hint`}
          aria-invalid={fe['type'] ? true : undefined}
          onChange={(e) => setForm({ ...form, type: e.target.value as CustomFieldType, defaultText: '', defaultFlag: '', defaultOptions: [], defaultUser: null })}
        >
          {CUSTOM_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`customFields.types.${type}`)}
            </option>
          ))}
        </select>
        <p id={`${typeId}-hint`} className="field__hint">
          {valueCount > 0 ? t('customFields.form.typeLocked', { count: valueCount }) : t(`customFields.typeHints.${form.type}`)}
        </p>
        {fe['type'] && <p className="field__error">{t(fe['type'])}</p>}
      </div>

      <div className="cf-pair">
        {LANGS.map((lang) => (
          <TextField
            key={lang}
            name={`name.${lang}`}
            label={t(`customFields.form.name.${lang}`)}
            value={form.name[lang]}
            maxLength={100}
            required
            lang={lang}
            data-testid={`cf-name-${lang}`}
            error={tr(fe[`name.${lang}`] ?? fe['name'])}
            onChange={(e) => setForm({ ...form, name: { ...form.name, [lang]: e.target.value } })}
          />
        ))}
      </div>

      <div className="cf-pair">
        {LANGS.map((lang) => {
          const error = fe[`description.${lang}`];
          return (
            <div key={lang} className={`field${error ? ' field--error' : ''}`}>
              <label htmlFor={`${typeId}-desc-${lang}`}>{t(`customFields.form.description.${lang}`)}</label>
              <textarea
                id={`${typeId}-desc-${lang}`}
                lang={lang}
                rows={2}
                maxLength={2000}
                value={form.description[lang]}
                data-testid={`cf-desc-${lang}`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setForm({ ...form, description: { ...form.description, [lang]: e.target.value } })}
              />
              {error && <p className="field__error">{t(error)}</p>}
            </div>
          );
        })}
      </div>

      <label className="cf-check">
        <input type="checkbox" checked={form.required} data-testid="cf-required" onChange={(e) => setForm({ ...form, required: e.target.checked })} />
        {t('customFields.form.required')}
      </label>

      <fieldset className={`cf-fieldset${projectsError ? ' field--error' : ''}`} data-testid="cf-scope">
        <legend>{t('customFields.form.scope')}</legend>
        <div className="cf-radios">
          {(['all', 'projects'] as const).map((scope) => (
            <label key={scope} className="cf-check">
              <input type="radio" name="scope" value={scope} checked={form.scope === scope} data-testid={`cf-scope-${scope}`} onChange={() => setForm({ ...form, scope })} />
              {t(`customFields.scope.${scope}`)}
            </label>
          ))}
        </div>
        {form.scope === 'projects' && (
          <div className="cf-checks cf-projects" role="group" aria-label={t('customFields.form.projects')}>
            {projects === null && <span className="muted">{t('common.loading')}</span>}
            {projects?.map((p) => (
              <label key={p.id} className="cf-check">
                <input
                  type="checkbox"
                  checked={form.projectIds.includes(p.id)}
                  data-testid={`cf-project-${p.key}`}
                  onChange={(e) => setForm({ ...form, projectIds: e.target.checked ? [...form.projectIds, p.id] : form.projectIds.filter((id) => id !== p.id) })}
                />
                <span className="cf-key">{p.key}</span> {p.name}
                {p.archivedAt && <span className="cf-badge">{t('customFields.archived')}</span>}
              </label>
            ))}
          </div>
        )}
        {projectsError && (
          <p className="field__error" data-testid="error-projectIds">
            {t(projectsError)}
          </p>
        )}
      </fieldset>

      {isSelectType(form.type) && <OptionsEditor form={form} errors={fe} onChange={setForm} />}

      <DefaultValueInput form={form} error={fe['defaultValue']} onChange={setForm} />

      <div className="cf-actions">
        <button type="submit" className="btn btn--primary" disabled={pending} data-testid="cf-submit">
          {submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
