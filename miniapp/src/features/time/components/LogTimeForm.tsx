// Logging or changing time: the duration as typed with a live reading of it ("= 1 час 30 минут"),
// the day worked (today by default) and a note. The server's answer decides; its field errors show
// under their inputs.
import { formatDurationLong, parseDuration } from '@tracker/shared/duration';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { today } from '../../../lib/dates.ts';
import { formErrorsFrom } from '../../../lib/form-errors.ts';

export interface TimeDraft {
  spent: string;
  date: string;
  note: string;
}

interface Props {
  initial?: TimeDraft;
  submitText: string;
  onSubmit: (draft: TimeDraft) => Promise<void>;
  onCancel?: () => void;
  testid: string;
}

export function LogTimeForm({ initial, submitText, onSubmit, onCancel, testid }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<TimeDraft>(() => initial ?? { spent: '', date: today(), note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const parsed = draft.spent.trim() ? parseDuration(draft.spent) : null;
  const set = (patch: Partial<TimeDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const tr = (key: string) => (i18n.exists(key) ? t(key) : key);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!parsed?.ok) return setErrors({ spent: tr(parsed ? parsed.error : 'validation.duration') });
    setBusy(true);
    try {
      await onSubmit(draft);
      setErrors({});
      if (!initial) setDraft((d) => ({ ...d, spent: '', note: '' }));
    } catch (err) {
      const refused = formErrorsFrom(err, ['spent', 'date', 'note'], t);
      setErrors(refused.form ? { ...refused.fields, form: refused.form } : refused.fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="time-form" data-testid={testid} onSubmit={(e) => void submit(e)} noValidate>
      <div className={`field${errors.spent ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-spent`}>{t('time.form.spent')}</label>
        <input
          id={`${id}-spent`}
          data-testid="time-spent"
          value={draft.spent}
          placeholder={t('time.form.spentPlaceholder')}
          autoComplete="off"
          aria-describedby={`${id}-preview`}
          aria-invalid={errors.spent ? true : undefined}
          onChange={(e) => set({ spent: e.target.value })}
        />
        <p id={`${id}-preview`} className={`small ${parsed && !parsed.ok ? 'field__error' : 'muted'}`} data-testid="time-preview" aria-live="polite">
          {parsed === null ? t('time.form.spentHint') : parsed.ok ? t('time.form.preview', { duration: formatDurationLong(parsed.minutes, t) }) : tr(parsed.error)}
        </p>
        {errors.spent && (parsed === null || parsed.ok) && <p className="field__error">{errors.spent}</p>}
      </div>
      <div className={`field${errors.date ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-date`}>{t('time.form.date')}</label>
        <DateInput id={`${id}-date`} data-testid="time-date" value={draft.date} required onChange={(date) => set({ date })} />
        {errors.date && <p className="field__error">{errors.date}</p>}
      </div>
      <div className={`field time-form__note${errors.note ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-note`}>{t('time.form.note')}</label>
        <input id={`${id}-note`} data-testid="time-note" value={draft.note} maxLength={1000} onChange={(e) => set({ note: e.target.value })} />
        {errors.note && <p className="field__error">{errors.note}</p>}
      </div>
      {errors.form && (
        <p role="alert" className="field__error">
          {errors.form}
        </p>
      )}
      <div className="time-form__actions">
        <Button type="submit" variant="primary" size="small" data-testid="time-submit" disabled={busy}>
          {submitText}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('time.form.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
