import type { StreamStatus } from '@tracker/shared/api/streams';
import { STREAM_STATUSES } from '@tracker/shared/api/values/streams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The stream status select with its label (create form and stream header). */
export function StatusField({ value, onChange }: { value: StreamStatus; onChange: (status: StreamStatus) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-status`}>{t('streams.form.status')}</label>
      <select id={`${id}-status`} value={value} onChange={(e) => onChange(e.target.value as StreamStatus)} data-testid="stream-status-select">
        {STREAM_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`streams.status.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
