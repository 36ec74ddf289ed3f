// One input per custom field type, with its label, required marker, description and error.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { userRef } from '../detail/people.ts';
import { MultiSelect, PeoplePicker } from '../form/pickers.tsx';
import { fieldHint, fieldLabel } from './values.ts';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { DateInput } from '../../../components/DateInput.tsx';

interface Props {
  field: CustomField;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled?: boolean;
  /** Inline edit on the issue page: the label is the property row's. */
  hideLabel?: boolean;
}

export function CustomFieldInput({ field, value, onChange, error, disabled, hideLabel }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const label = fieldLabel(field, locale);
  const hint = fieldHint(field, locale);
  const testid = `cf-${field.id}`;
  const labelText = (
    <>
      {label}
      {field.required && (
        <>
          <span aria-hidden="true" className="required-mark"> *</span>
          <span className="visually-hidden"> ({t('issues.form.required')})</span>
        </>
      )}
    </>
  );
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'data-testid': testid, disabled, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': field.required || undefined };
  const str = typeof value === 'string' ? value : '';

  let control;
  switch (field.type) {
    case 'text':
      control = <input {...common} type="text" value={str} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'url':
      control = <input {...common} type="url" inputMode="url" placeholder="https://" value={str} onChange={(e) => onChange(e.target.value)} />;
      break;
    case 'date':
      control = <DateInput {...common} value={str} onChange={(v) => onChange(v || null)} />;
      break;
    case 'number':
      control = (
        <input
          {...common}
          type="number"
          step="any"
          value={typeof value === 'number' ? String(value) : str}
          onChange={(e) => onChange(e.target.value === '' ? null : Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : e.target.value)}
        />
      );
      break;
    case 'checkbox':
      control = (
        <span className="checkbox-line">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span aria-hidden="true">{value === true ? t('issues.common.yes') : t('issues.common.no')}</span>
        </span>
      );
      break;
    case 'select': {
      const chosen = field.options.find((o) => o.id === value);
      control = (
        <span className="select-line">
          {chosen && <ColorDot color={chosen.color} />}
          <select {...common} value={typeof value === 'number' ? String(value) : ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('issues.common.none')}</option>
            {field.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </span>
      );
      break;
    }
    case 'multiselect':
      return (
        <div className={`field${error ? ' field--error' : ''}`}>
          <MultiSelect
            label={label + (field.required ? ' *' : '')}
            hideLabel={hideLabel}
            testid={testid}
            disabled={disabled}
            options={field.options}
            value={Array.isArray(value) ? (value as number[]) : []}
            onChange={(ids) => onChange(ids)}
          />
          {hint && <p className="field__hint">{hint}</p>}
          {error && <p className="field__error" data-testid={`error-${testid}`}>{error}</p>}
        </div>
      );
    case 'user':
      return (
        <div className={`field${error ? ' field--error' : ''}`}>
          <PeoplePicker
            label={label + (field.required ? ' *' : '')}
            hideLabel={hideLabel}
            testid={testid}
            disabled={disabled}
            value={userRef(typeof value === 'number' ? value : null, t)}
            onChange={(u) => onChange(u?.id ?? null)}
          />
          {hint && <p className="field__hint">{hint}</p>}
          {error && <p className="field__error" data-testid={`error-${testid}`}>{error}</p>}
        </div>
      );
  }
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {labelText}
      </label>
      {control}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" data-testid={`error-${testid}`}>
          {error}
        </p>
      )}
    </div>
  );
}
