import { useTranslation } from 'react-i18next';
import { addOption, moveOption, removeOption, type FieldForm } from './form.ts';

interface Props {
  form: FieldForm;
  errors: Record<string, string>;
  onChange: (form: FieldForm) => void;
}

/** Ordered, coloured options. Each keeps its id while renamed, so issue values stay attached. */
export function OptionsEditor({ form, errors, onChange }: Props) {
  const { t } = useTranslation();
  const update = (key: string, patch: { name?: string; color?: string }) => onChange({ ...form, options: form.options.map((o) => (o.key === key ? { ...o, ...patch } : o)) });
  const listError = errors['options'];
  return (
    <fieldset className="cf-fieldset" data-testid="cf-options" aria-describedby="cf-options-hint">
      <legend>{t('customFields.form.options')}</legend>
      <p id="cf-options-hint" className="field__hint">
        {t('customFields.form.optionsHint')}
      </p>
      {listError && (
        <p className="field__error" data-testid="error-options">
          {t(listError)}
        </p>
      )}
      <ol className="stack">
        {form.options.map((option, i) => {
          const nameError = errors[`options.${i}.name`] ?? errors[`options.${i}.id`];
          const colorError = errors[`options.${i}.color`];
          const label = option.name || t('customFields.form.optionN', { n: i + 1 });
          return (
            <li key={option.key} className="cf-option" data-testid={`cf-option-${i}`} data-option-id={option.id}>
              <input
                type="color"
                className="cf-option__color"
                value={option.color}
                aria-label={t('customFields.form.optionColor', { name: label })}
                data-testid={`cf-option-color-${i}`}
                onChange={(e) => update(option.key, { color: e.target.value })}
              />
              <div className={`cf-option__name${nameError ? ' field--error' : ''}`}>
                <input
                  type="text"
                  value={option.name}
                  maxLength={100}
                  aria-label={t('customFields.form.optionName', { n: i + 1 })}
                  aria-invalid={nameError ? true : undefined}
                  data-testid={`cf-option-name-${i}`}
                  onChange={(e) => update(option.key, { name: e.target.value })}
                />
                {(nameError || colorError) && (
                  <p className="field__error" data-testid={`error-options.${i}`}>
                    {t((nameError ?? colorError)!)}
                  </p>
                )}
              </div>
              <div className="cf-option__tools">
                <button type="button" className="cf-icon-btn" disabled={i === 0} aria-label={t('customFields.form.optionUp', { name: label })} data-testid={`cf-option-up-${i}`} onClick={() => onChange({ ...form, options: moveOption(form.options, i, -1) })}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="cf-icon-btn"
                  disabled={i === form.options.length - 1}
                  aria-label={t('customFields.form.optionDown', { name: label })}
                  data-testid={`cf-option-down-${i}`}
                  onClick={() => onChange({ ...form, options: moveOption(form.options, i, 1) })}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="cf-icon-btn" aria-label={t('customFields.form.optionRemove', { name: label })} data-testid={`cf-option-remove-${i}`} onClick={() => onChange(removeOption(form, option.key))}>
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn--ghost btn--small" data-testid="cf-option-add" onClick={() => onChange(addOption(form))}>
        {t('customFields.form.optionAdd')}
      </button>
    </fieldset>
  );
}
