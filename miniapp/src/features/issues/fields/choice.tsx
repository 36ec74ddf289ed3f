// Status and priority: the shared picker over the project's statuses and the fixed priorities.
import type { Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PriorityIcon } from '../../../components/issue/bits.tsx';
import { FieldPicker } from '../../../components/picker/FieldPicker.tsx';
import { dot, IconValue, Muted } from '../../../components/picker/values.tsx';
import { errorIdOf, Field, type FieldProps } from './Field.tsx';

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
  const id = useId();
  const label = t('issues.form.status');
  const chosen = statuses.find((s) => s.id === value);
  // By default the project's first status: its colour shows beside "By default: …".
  const byDefault = withDefault ? t('issues.form.defaultStatus', { name: statuses[0]?.name ?? '—' }) : undefined;
  const display = chosen ? <IconValue icon={dot(chosen.color)} text={chosen.name} /> : byDefault ? <IconValue icon={dot(statuses[0]?.color)} text={byDefault} /> : <Muted text={placeholder ?? ''} />;
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <FieldPicker
        id={id}
        labelledBy={`${id}-label`}
        label={label}
        testid={testid}
        display={display}
        disabled={disabled}
        title={title}
        errorId={errorIdOf(id, error)}
        data={{ 'data-status-id': value ?? undefined, 'data-value': value ?? '' }}
        placeholder={t('issues.common.find')}
        items={statuses.map((s) => ({ id: s.id, text: s.name, icon: dot(s.color) }))}
        none={byDefault}
        noneSelected={value === null}
        isSelected={(item) => item.id === value}
        onPick={(item) => onChange(item ? item.id : null)}
      />
    </Field>
  );
});

export const PriorityField = memo(function PriorityField({ placeholder, value, onChange, testid, error, disabled }: FieldProps<Priority | null, Priority> & { placeholder?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const label = t('issues.form.priority');
  const icon = (p: Priority) => <PriorityIcon priority={p} t={t} />;
  return (
    <Field id={id} label={label} testid={testid} error={error}>
      <FieldPicker
        id={id}
        labelledBy={`${id}-label`}
        label={label}
        testid={testid}
        display={value ? <IconValue icon={<span aria-hidden="true">{icon(value)}</span>} text={t(`issues.priority.${value}`)} /> : <Muted text={placeholder ?? ''} />}
        disabled={disabled}
        errorId={errorIdOf(id, error)}
        data={{ 'data-value': value ?? '' }}
        placeholder={t('issues.common.find')}
        items={PRIORITIES.map((p) => ({ id: p, text: t(`issues.priority.${p}`), icon: <span aria-hidden="true">{icon(p)}</span> }))}
        isSelected={(item) => item.id === value}
        onPick={(item) => item && onChange(item.id)}
      />
    </Field>
  );
});
