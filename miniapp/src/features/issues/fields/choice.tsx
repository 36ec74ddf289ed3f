// Status and priority: native selects, so the browser's own list, keys and phone picker serve them.
import type { Priority } from '@tracker/shared/api/issues';
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { Field, invalid, type FieldProps } from './Field.tsx';

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

export function StatusField({ statuses, withDefault, placeholder, title, value, onChange, testid, error, disabled }: StatusProps) {
  const { t } = useTranslation();
  const id = useId();
  // By default the project's first status: its colour shows, so choosing another does not shift the select.
  const chosen = statuses.find((s) => s.id === value) ?? (withDefault ? statuses[0] : undefined);
  const empty = withDefault ? t('issues.form.defaultStatus', { name: statuses[0]?.name ?? '—' }) : value === null ? placeholder : undefined;
  return (
    <Field id={id} label={t('issues.form.status')} testid={testid} error={error}>
      <span className="select-line">
        {chosen?.color && <ColorDot color={chosen.color} />}
        <select
          id={id}
          data-testid={testid}
          data-status-id={value ?? undefined}
          disabled={disabled}
          title={title}
          value={value ?? ''}
          {...invalid(id, error)}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          {empty !== undefined && <option value="">{empty}</option>}
          {statuses.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </span>
    </Field>
  );
}

export function PriorityField({ placeholder, value, onChange, testid, error, disabled }: FieldProps<Priority | null, Priority> & { placeholder?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field id={id} label={t('issues.form.priority')} testid={testid} error={error}>
      <select id={id} data-testid={testid} disabled={disabled} value={value ?? ''} {...invalid(id, error)} onChange={(e) => e.target.value && onChange(e.target.value as Priority)}>
        {value === null && <option value="">{placeholder}</option>}
        {PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {t(`issues.priority.${p}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
