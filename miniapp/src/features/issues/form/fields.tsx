// Issue fields the full form and the create dialog both show, defined once (issue 15).
import type { Priority } from '@tracker/shared/api/issues';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PrioritySelect } from '../PrioritySelect.tsx';

/** The status: on create, "project's default" first (the server picks the first status). */
export function StatusField({ statuses, value, onChange, withDefault, error, testid }: { statuses: readonly { id: number; name: string }[]; value: number | null; onChange: (id: number | null) => void; withDefault: boolean; error?: string; testid: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{t('issues.form.status')}</label>
      <select id={id} data-testid={testid} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        {withDefault && <option value="">{t('issues.form.defaultStatus', { name: statuses[0]?.name ?? '—' })}</option>}
        {statuses.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

export function PriorityField({ value, onChange, error, testid }: { value: Priority; onChange: (p: Priority) => void; error?: string; testid: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{t('issues.form.priority')}</label>
      <PrioritySelect id={id} testid={testid} value={value} onChange={onChange} />
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}
