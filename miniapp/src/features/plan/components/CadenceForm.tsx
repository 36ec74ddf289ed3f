// The project's cadence: cycles of 1–4 weeks from a chosen weekday, or none. Saving makes the current
// and upcoming cycles at once; they reach every screen through the store.
import { cycleSettingsSchema, type CycleSettingsResponse } from '@tracker/shared/api/cycles';
import { CYCLE_MAX_WEEKS } from '@tracker/shared/api/values/cycles';
import { addDays } from '@tracker/shared/dates';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { formatWeekday } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/error-text.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { planApi } from '../api.ts';

// 2026-11-30 is a Monday: ISO weekday n falls n - 1 days later.
const weekdayDate = (isoDay: number) => addDays('2026-11-30', isoDay - 1);

export default function CadenceForm({ projectId, settings, onSaved }: { projectId: number; settings: CycleSettingsResponse['settings']; onSaved: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const form = useServerForm(cycleSettingsSchema, { weeks: settings?.weeks ?? 2, startDay: settings?.startDay ?? 1 });
  const busy = form.formState.isSubmitting;
  const [stopError, setStopError] = useState<string | null>(null);
  const submit = form.submit(async (values) => {
    await planApi.setCadence(projectId, values);
    toast({ title: t('plan.cadence.saved'), color: 'success' });
    onSaved();
  });
  const stop = async () => {
    setStopError(null);
    try {
      await planApi.setCadence(projectId, null);
      toast({ title: t('plan.cadence.stopped'), color: 'success' });
      onSaved();
    } catch (err) {
      setStopError(errorText(err, t));
    }
  };

  return (
    <form className="plan-form" noValidate aria-busy={busy} data-testid="cadence-form" aria-label={t('plan.cadence.title')} onSubmit={submit}>
      <p className="muted">{t('plan.cadence.hint')}</p>
      <FormAlert message={form.formError ?? stopError} />
      <label htmlFor={`${id}-weeks`}>{t('plan.cadence.length')}</label>
      <select id={`${id}-weeks`} {...form.register('weeks', { valueAsNumber: true })} data-testid="cadence-weeks">
        {Array.from({ length: CYCLE_MAX_WEEKS }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {t('plan.cadence.weeks', { count: n })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-day`}>{t('plan.cadence.startDay')}</label>
      <select id={`${id}-day`} {...form.register('startDay', { valueAsNumber: true })} data-testid="cadence-day">
        {[1, 2, 3, 4, 5, 6, 7].map((d) => (
          <option key={d} value={d}>
            {formatWeekday(weekdayDate(d), locale, 'long')}
          </option>
        ))}
      </select>
      <div className="actions">
        <Button type="submit" size="small" variant="primary" loading={busy} data-testid="cadence-save">
          {t('plan.cadence.save')}
        </Button>
        {settings && (
          <Button size="small" onClick={() => void stop()} data-testid="cadence-stop">
            {t('plan.cadence.stop')}
          </Button>
        )}
      </div>
    </form>
  );
}
