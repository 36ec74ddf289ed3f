// One input per custom field type (choices and people in the shared picker), with its label, required
// marker, description and error.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { userRef } from '../detail/people.ts';
import { OptionChoice, OptionsChoice, PersonChoice } from '../fields/choices.tsx';
import { fieldHint, fieldLabel } from './values.ts';
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
  const picker = { id, label, testid, disabled, errorId: error ? describedBy : undefined };

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
    case 'select':
      control = <OptionChoice {...picker} options={field.options} value={typeof value === 'number' ? value : null} onChange={onChange} />;
      break;
    case 'multiselect':
      control = <OptionsChoice {...picker} options={field.options} value={Array.isArray(value) ? (value as number[]) : []} onChange={onChange} />;
      break;
    case 'user':
      control = <PersonChoice {...picker} value={userRef(typeof value === 'number' ? value : null, t)} onChange={(u) => onChange(u?.id ?? null)} />;
      break;
  }
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label id={`${id}-label`} htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
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
