// The second step of Duplicate (which issue), Decline (why, optional: told in the chat it came from)
// and Snooze (for how long), inside the row.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';

export type Pending = 'duplicate' | 'decline' | 'snooze';
const SNOOZE_DAYS = [1, 7] as const;

export function TriageForm({ kind, busy, onSubmit, onCancel }: { kind: Pending; busy: boolean; onSubmit: (value: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const first = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [kind]);

  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCancel();
    }
  };

  if (kind === 'snooze') {
    return (
      <div className="triage__form" role="group" aria-label={t('projects.triage.snooze')} onKeyDown={keys} data-testid="triage-snooze-form">
        {SNOOZE_DAYS.map((days, i) => (
          <Button key={days} ref={i === 0 ? first : undefined} size="small" disabled={busy} onClick={() => onSubmit(String(days))} data-testid={`triage-snooze-${days}`}>
            {t('projects.triage.snoozeDays', { count: days })}
          </Button>
        ))}
        <Button size="small" onClick={onCancel}>
          {t('projects.triage.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <form
      className="triage__form"
      onKeyDown={keys}
      data-testid={`triage-${kind}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value.trim());
      }}
    >
      <label htmlFor={id}>{t(kind === 'duplicate' ? 'projects.triage.duplicateOf' : 'projects.triage.reason')}</label>
      {kind === 'duplicate' ? (
        <input id={id} ref={first} value={value} onChange={(e) => setValue(e.target.value)} required placeholder="WEB-12" autoComplete="off" data-testid="triage-duplicate-of" />
      ) : (
        <textarea id={id} ref={first} value={value} onChange={(e) => setValue(e.target.value)} maxLength={500} rows={2} data-testid="triage-reason" />
      )}
      <Button type="submit" variant="primary" size="small" disabled={busy || (kind === 'duplicate' && !value.trim())} data-testid={`triage-${kind}-confirm`}>
        {t(kind === 'duplicate' ? 'projects.triage.duplicate' : 'projects.triage.decline')}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t('projects.triage.cancel')}
      </Button>
    </form>
  );
}
