import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { OPTION_COLORS, withoutOption, type CustomFieldForm, type OptionRows } from './form.ts';

interface Props {
  form: CustomFieldForm;
  options: OptionRows;
}

/** Ordered, coloured options. Each keeps its id while renamed, so issue values stay attached. */
export function OptionsEditor({ form, options }: Props) {
  const { t } = useTranslation();
  const values = form.watch('options') ?? [];
  const listError = form.errorFor('options');
  const remove = (i: number) => {
    const ref = values[i]?.id ?? options.fields[i]?.key;
    form.setValue('defaultValue', withoutOption(form.getValues('defaultValue'), ref), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    options.remove(i);
  };
  return (
    <fieldset className="cf-fieldset" data-testid="cf-options" aria-describedby="cf-options-hint">
      <legend>{t('customFields.form.options')}</legend>
      <p id="cf-options-hint" className="field__hint">
        {t('customFields.form.optionsHint')}
      </p>
      {listError && (
        <p className="field__error" data-testid="error-options">
          {listError}
        </p>
      )}
      <ol className="stack">
        {options.fields.map((row, i) => {
          const option = values[i];
          const nameError = form.errorFor(`options.${i}.name`);
          const colorError = form.errorFor(`options.${i}.color`);
          const label = option?.name || t('customFields.form.optionN', { n: i + 1 });
          return (
            <li key={row.key} className="cf-option" data-testid={`cf-option-${i}`} data-option-id={option?.id}>
              <input
                type="color"
                className="cf-option__color"
                {...form.register(`options.${i}.color`)}
                aria-label={t('customFields.form.optionColor', { name: label })}
                data-testid={`cf-option-color-${i}`}
              />
              <div className={`cf-option__name${nameError ? ' field--error' : ''}`}>
                <input
                  type="text"
                  {...form.register(`options.${i}.name`)}
                  maxLength={100}
                  aria-label={t('customFields.form.optionName', { n: i + 1 })}
                  aria-invalid={nameError ? true : undefined}
                  data-testid={`cf-option-name-${i}`}
                />
                {(nameError || colorError) && (
                  <p className="field__error" data-testid={`error-options.${i}`}>
                    {nameError ?? colorError}
                  </p>
                )}
              </div>
              <div className="cf-option__tools">
                <button type="button" className="cf-icon-btn" disabled={i === 0} aria-label={t('customFields.form.optionUp', { name: label })} data-testid={`cf-option-up-${i}`} onClick={() => options.move(i, i - 1)}>
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="cf-icon-btn"
                  disabled={i === options.fields.length - 1}
                  aria-label={t('customFields.form.optionDown', { name: label })}
                  data-testid={`cf-option-down-${i}`}
                  onClick={() => options.move(i, i + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button type="button" className="cf-icon-btn" aria-label={t('customFields.form.optionRemove', { name: label })} data-testid={`cf-option-remove-${i}`} onClick={() => remove(i)}>
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        size="small"
        data-testid="cf-option-add"
        onClick={() => options.append({ name: '', color: OPTION_COLORS[options.fields.length % OPTION_COLORS.length] }, { shouldFocus: false })}
      >
        {t('customFields.form.optionAdd')}
      </Button>
    </fieldset>
  );
}
