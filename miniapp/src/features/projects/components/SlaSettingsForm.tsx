// The project settings' SLA section (docs/sla.md): on or off, a target time to the first response
// and to resolution per priority (hours; empty = none), calendar or working days, which days are
// working days, and the zone they are counted in. Owners change it; everyone else reads it.
import { PRIORITIES } from '@tracker/shared/api/values/issues';
import { ISO_WEEKDAYS } from '@tracker/shared/api/values/sla';
import { slaSettingsSchema, type SlaSettings } from '@tracker/shared/api/sla';
import { addDays } from '@tracker/shared/dates';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { SwitchRow } from '../../../components/SwitchRow.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { formatWeekday } from '../../../lib/dates.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { projectsApi } from '../api.ts';

/** A Monday: ISO weekday d is this many days on. */
const MONDAY = '2024-01-01';
const hours = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v));

export function SlaSettingsForm({ projectId, readOnly }: { projectId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(['projects', projectId, 'sla'], () => projectsApi.sla(projectId));
  if (!query.data) return query.error ? <FormAlert message={errorText(query.error, t)} /> : <Loading />;
  return <Form key={JSON.stringify(query.data.sla)} projectId={projectId} settings={query.data.sla} readOnly={readOnly} saved={(sla) => query.setData(() => ({ sla }))} />;
}

function Form({ projectId, settings, readOnly, saved }: { projectId: number; settings: SlaSettings; readOnly: boolean; saved: (next: SlaSettings) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useServerForm(slaSettingsSchema, settings);
  const pending = form.formState.isSubmitting;
  const workingDays = form.watch('workingDays');

  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...new Set([...workingDays, day])].sort((a, b) => a - b) : workingDays.filter((d) => d !== day);
    form.setValue('workingDays', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.submit(async (body) => {
    const { sla } = await projectsApi.putSla(projectId, body);
    saved(sla);
    toast({ title: t('projects.sla.saved'), color: 'success' });
  });

  return (
    <form className="form sla-form" noValidate onSubmit={submit} aria-busy={pending} data-testid="sla-settings">
      <p className="muted small">{t('projects.sla.hint')}</p>
      <FormAlert message={form.formError} />
      <fieldset disabled={readOnly || pending} className="sla-form__body">
        <SwitchRow {...form.register('enabled')} label={t('projects.sla.enabled')} testId="sla-enabled" />
        <table className="sla-targets">
          <caption className="visually-hidden">{t('projects.sla.targets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('issues.detail.priority')}</th>
              <th scope="col">{t('projects.sla.respondHours')}</th>
              <th scope="col">{t('projects.sla.resolveHours')}</th>
            </tr>
          </thead>
          <tbody>
            {PRIORITIES.map((p) => (
              <tr key={p}>
                <th scope="row">{t(`issues.filters.priorities.${p}`)}</th>
                {(['respondHours', 'resolveHours'] as const).map((which) => {
                  const name = `targets.${p}.${which}` as const;
                  const error = form.errorFor(name);
                  return (
                    <td key={which}>
                      <input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        step={1}
                        placeholder={t('projects.sla.none')}
                        aria-label={t(`projects.sla.${which}Of`, { priority: t(`issues.filters.priorities.${p}`) })}
                        aria-invalid={error ? true : undefined}
                        data-testid={`sla-${p}-${which}`}
                        {...form.register(name, { setValueAs: hours })}
                      />
                      {error && <p className="field__error">{error}</p>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <SwitchRow {...form.register('businessDays')} label={t('projects.sla.businessDays')} testId="sla-business-days" />
        <fieldset className="field">
          <legend>{t('projects.sla.workingDays')}</legend>
          <div className="sla-days">
            {ISO_WEEKDAYS.map((d) => (
              <label key={d} className="row__check">
                <input type="checkbox" checked={workingDays.includes(d)} onChange={(e) => toggleDay(d, e.target.checked)} data-testid={`sla-day-${d}`} />
                {formatWeekday(addDays(MONDAY, d - 1), locale)}
              </label>
            ))}
          </div>
          {form.errorFor('workingDays') && <p className="field__error">{form.errorFor('workingDays')}</p>}
        </fieldset>
        <TextField {...form.register('timeZone')} label={t('projects.sla.timeZone')} hint={t('projects.sla.timeZoneHint')} required maxLength={64} error={form.errorFor('timeZone')} />
      </fieldset>
      {!readOnly && (
        <Button variant="primary" type="submit" loading={pending} data-testid="sla-save">
          {t('projects.sla.save')}
        </Button>
      )}
    </form>
  );
}
