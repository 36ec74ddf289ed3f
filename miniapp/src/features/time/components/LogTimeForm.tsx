// Logging or changing time: the duration as typed with a live reading of it ("= 1 час 30 минут"),
// the day worked (today by default) and a note. The server's answer decides; its field errors show
// under their inputs.
import { logTimeSchema } from '@tracker/shared/api/time';
import { formatDurationLong, parseDuration } from '@tracker/shared/duration';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { today } from '../../../lib/dates.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';

export interface TimeDraft {
  spent: string;
  date: string;
  note: string;
}

interface Props {
  initial?: TimeDraft;
  submitText: string;
  /** Gets the fields as typed, once the request's schema has passed them. */
  onSubmit: (draft: TimeDraft) => Promise<void>;
  onCancel?: () => void;
  testid: string;
}

export function LogTimeForm({ initial, submitText, onSubmit, onCancel, testid }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const form = useServerForm(logTimeSchema, initial ?? { spent: '', date: today(), note: '' });
  const [spent, date] = form.watch(['spent', 'date']);
  const parsed = spent.trim() ? parseDuration(spent) : null;
  const tr = (key: string) => (i18n.exists(key) ? t(key) : key);
  const busy = form.formState.isSubmitting;
  const errors = { spent: form.errorFor('spent'), date: form.errorFor('date'), note: form.errorFor('note') };

  const submit = form.submit(async () => {
    const draft = form.getValues() as TimeDraft;
    await onSubmit(draft);
    if (!initial) form.reset({ ...draft, spent: '', note: '' });
  });

  return (
    <form className="time-form" data-testid={testid} onSubmit={submit} aria-busy={busy} noValidate>
      <div className={`field${errors.spent ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-spent`}>{t('time.form.spent')}</label>
        <input
          id={`${id}-spent`}
          data-testid="time-spent"
          {...form.register('spent')}
          placeholder={t('time.form.spentPlaceholder')}
          autoComplete="off"
          aria-describedby={`${id}-preview`}
          aria-invalid={errors.spent ? true : undefined}
        />
        <p id={`${id}-preview`} className={`small ${parsed && !parsed.ok ? 'field__error' : 'muted'}`} data-testid="time-preview" aria-live="polite">
          {parsed === null ? t('time.form.spentHint') : parsed.ok ? t('time.form.preview', { duration: formatDurationLong(parsed.minutes, t) }) : tr(parsed.error)}
        </p>
        {errors.spent && (parsed === null || parsed.ok) && <p className="field__error">{errors.spent}</p>}
      </div>
      <div className={`field${errors.date ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-date`}>{t('time.form.date')}</label>
        <DateInput id={`${id}-date`} data-testid="time-date" value={date ?? ''} required onChange={(day) => form.setValue('date', day, { shouldDirty: true })} />
        {errors.date && <p className="field__error">{errors.date}</p>}
      </div>
      <div className={`field time-form__note${errors.note ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-note`}>{t('time.form.note')}</label>
        <input id={`${id}-note`} data-testid="time-note" {...form.register('note')} maxLength={1000} />
        {errors.note && <p className="field__error">{errors.note}</p>}
      </div>
      {form.formError && (
        <p role="alert" className="field__error">
          {form.formError}
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
