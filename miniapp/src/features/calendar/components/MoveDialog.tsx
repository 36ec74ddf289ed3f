import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarIssue } from '../api.ts';
import { Button } from '../../../components/Button.tsx';
import { diffDays, isIsoDate, spanOf } from '../dates.ts';
import { DateInput } from '../../../components/DateInput.tsx';
import { Dialog } from '../../../components/Dialog.tsx';

/** The keyboard way to reschedule: pick the new due date; a start date moves by the same days. */
export function MoveDialog({ issue, onClose, onMove }: { issue: CalendarIssue; onClose: () => void; onMove: (delta: number) => void }) {
  const { t } = useTranslation();
  const span = spanOf(issue);
  const anchor = issue.dueDate ?? span?.start ?? '';
  const [value, setValue] = useState(anchor);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isIsoDate(value)) {
      setError(t('validation.date'));
      return;
    }
    onClose();
    if (value !== anchor) onMove(diffDays(anchor, value));
  };
  return (
    <Dialog className="modal--small cal-dialog" titleClassName="modal__title" title={t('calendar.moveDialog.title', { key: issue.key })} onClose={onClose} testId="cal-move-dialog">
      <form onSubmit={submit} className="form" noValidate>
        <p className="muted cal-dialog__text">{issue.title}</p>
        <div className={`field${error ? ' field--error' : ''}`}>
          <label htmlFor="cal-move-date">{issue.dueDate ? t('calendar.moveDialog.due') : t('calendar.moveDialog.start')}</label>
          <DateInput
            id="cal-move-date"
            value={value}
            required
            data-testid="cal-move-date"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cal-move-error' : 'cal-move-hint'}
            onChange={setValue}
          />
          {error ? (
            <p id="cal-move-error" className="field__error">
              {error}
            </p>
          ) : (
            issue.startDate &&
            issue.dueDate && (
              <p id="cal-move-hint" className="field__hint">
                {t('calendar.moveDialog.keepsSpan')}
              </p>
            )
          )}
        </div>
        <div className="modal__actions cal-dialog__actions">
          <Button size="small" onClick={onClose}>
            {t('calendar.cancel')}
          </Button>
          <Button type="submit" variant="primary" size="small" data-testid="cal-move-submit">
            {t('calendar.moveDialog.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
