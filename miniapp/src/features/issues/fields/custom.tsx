// The chosen project's custom fields, as the full form and the create dialog show them.
import type { CustomField } from '@tracker/shared/api/custom-fields';
import { useTranslation } from 'react-i18next';
import { CustomFieldInput } from '../custom-fields/CustomFieldInput.tsx';
import { fieldKey, type CustomValues } from '../custom-fields/values.ts';

interface Props {
  fields: readonly CustomField[];
  values: CustomValues;
  onChange: (fieldId: number, value: unknown) => void;
  /** The message for an error key (`customValues.<id>`), if any. */
  error: (key: string) => string | undefined;
  testid: string;
  disabled?: boolean;
}

export function CustomFieldSet({ fields, values, onChange, error, testid, disabled }: Props) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  return (
    <fieldset className="custom-fields" data-testid={testid}>
      <legend>{t('issues.customFields.title')}</legend>
      <div className="form-grid">
        {fields.map((f) => (
          <CustomFieldInput key={f.id} field={f} value={values[String(f.id)]} onChange={(v) => onChange(f.id, v)} error={error(fieldKey(f))} disabled={disabled} />
        ))}
      </div>
    </fieldset>
  );
}
