// Status and priority: the shared picker over the project's statuses and the fixed priorities.
import type { Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../../components/issue/bits.tsx';
import { dot, IconValue, Muted } from '../../../components/picker/values.tsx';
import { PickerField, type FieldProps } from './Field.tsx';

interface StatusOption {
  id: number;
  name: string;
  color?: string;
}

interface StatusProps extends FieldProps<number | null> {
  statuses: readonly StatusOption[];
  /** Create: "the project's default" comes first (the server then picks the first status). */
  withDefault?: boolean;
  /** Shown while no value is chosen (bulk edit of issues whose statuses differ). */
  placeholder?: string;
  /** Why the control is disabled, when it is. */
  title?: string;
}

// The fields are memoised: on the issue page an edit renders again only the fields it changed.
export const StatusField = memo(function StatusField({ statuses, withDefault, placeholder, title, value, onChange, testid, error, disabled }: StatusProps) {
  const { t } = useTranslation();
  const chosen = statuses.find((s) => s.id === value);
  // By default the project's first status: its colour shows beside "By default: …".
  const byDefault = withDefault ? t('issues.form.defaultStatus', { name: statuses[0]?.name ?? '—' }) : undefined;
  const display = chosen ? <IconValue icon={dot(chosen.color)} text={chosen.name} /> : byDefault ? <IconValue icon={dot(statuses[0]?.color)} text={byDefault} /> : <Muted text={placeholder ?? ''} />;
  return (
    <PickerField
      label={t('issues.form.status')}
      testid={testid}
      error={error}
      display={display}
      disabled={disabled}
      title={title}
      data={{ 'data-status-id': value ?? undefined, 'data-value': value ?? '' }}
      items={statuses.map((s) => ({ id: s.id, text: s.name, icon: dot(s.color) }))}
      none={byDefault}
      noneSelected={value === null}
      isSelected={(item) => item.id === value}
      onPick={(item) => onChange(item ? item.id : null)}
    />
  );
});

export const PriorityField = memo(function PriorityField({ placeholder, value, onChange, testid, error, disabled }: FieldProps<Priority | null, Priority> & { placeholder?: string }) {
  const { t } = useTranslation();
  const icon = (p: Priority) => <span aria-hidden="true"><PriorityIcon priority={p} t={t} /></span>;
  return (
    <PickerField
      label={t('issues.form.priority')}
      testid={testid}
      error={error}
      display={value ? <IconValue icon={icon(value)} text={t(`issues.priority.${value}`)} /> : <Muted text={placeholder ?? ''} />}
      disabled={disabled}
      data={{ 'data-value': value ?? '' }}
      items={PRIORITIES.map((p) => ({ id: p, text: t(`issues.priority.${p}`), icon: icon(p) }))}
      isSelected={(item) => item.id === value}
      onPick={(item) => item && onChange(item.id)}
    />
  );
});
