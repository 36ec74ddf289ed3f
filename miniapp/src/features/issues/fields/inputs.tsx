// Dates (components/DateInput.tsx: `YYYY-MM-DD`, '' for none) and the estimate (text as typed).
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/DateInput.tsx';
import { Field, invalid, type FieldProps } from './Field.tsx';

// The fields are memoised: on the issue page an edit renders again only the fields it changed.
export const DateField = memo(function DateField({ which, value, onChange, testid, error, disabled }: FieldProps<string> & { which: 'startDate' | 'dueDate' }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={t(`issues.form.${which}`)} testid={testid} error={error}>
      <DateInput id={id} data-testid={testid} disabled={disabled} value={value} {...invalid(id, error)} onChange={onChange} />
    </Field>
  );
});

/** `onCommit`: the issue page saves on leaving the input or on Enter, not on every keystroke. */
export const EstimateField = memo(function EstimateField({ onCommit, value, onChange, testid, error, disabled }: FieldProps<string> & { onCommit?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={t('issues.form.estimate')} testid={testid} error={error}>
      <input
        id={id}
        type="number"
        min={0}
        step="any"
        data-testid={testid}
        disabled={disabled}
        value={value}
        {...invalid(id, error)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onCommit}
        onKeyDown={(e) => e.key === 'Enter' && onCommit?.()}
      />
    </Field>
  );
});
