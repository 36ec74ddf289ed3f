// /user/profile section: which Telegram notifications arrive, and quiet hours (they arrive silently).
import { notificationSettingsSchema } from '@tracker/shared/api/notifications';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SwitchRow } from '../../../components/SwitchRow.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { auth } from '../../../lib/auth.ts';
import { errorText } from '../../../lib/error-text.ts';
import { accountApi } from '../../../lib/api/account.ts';

const EVENTS = ['assigned', 'mentioned', 'assignedComments', 'statusChanged', 'dueSoon', 'slaBreached'] as const;

export function NotificationSettings() {
  const { t } = useTranslation();
  const settings = useQuery(['users', 'notificationSettings'], () => accountApi.notificationSettings());
  const { data } = settings;
  if (!data) return <FormAlert message={settings.error ? errorText(settings.error, t, { fallback: 'notifications.loadError' }) : null} />;
  return <SettingsForm data={data} saved={(next) => settings.setData(() => next)} />;
}

type Answer = Awaited<ReturnType<typeof accountApi.notificationSettings>>;
// An empty time field is "no quiet hours".
const timeOrNull = (v: unknown) => (v ? String(v) : null);

function SettingsForm({ data, saved }: { data: Answer; saved: (next: Answer) => void }) {
  const { t } = useTranslation();
  const form = useServerForm(notificationSettingsSchema, data.settings);
  const pending = form.formState.isSubmitting;

  const submit = form.submit(
    async (body) => {
      const next = await accountApi.updateNotificationSettings(body);
      saved(next);
      form.reset(next.settings);
      // The profile has a zone now: the app's days follow it at once, as the server's do.
      if (auth.state.user) auth.hydrate({ ...auth.state.user, time_zone: next.settings.timeZone });
      toast({ title: t('notifications.saved'), color: 'success' });
    },
    { errors: { fallback: 'notifications.saveError' } },
  );

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending} data-testid="notification-settings">
      <h2>{t('notifications.title')}</h2>
      {!data.telegramLinked && <p className="muted">{t('notifications.notLinked')}</p>}
      {data.telegramUnreachableSince && (
        <p className="muted" data-testid="telegram-unreachable">
          {t('notifications.unreachable')}
        </p>
      )}
      <FormAlert message={form.formError} />
      <fieldset className="field">
        <legend>{t('notifications.events')}</legend>
        {EVENTS.map((event) => (
          <SwitchRow key={event} {...form.register(event)} label={t(`notifications.event.${event}`)} testId={`notify-${event}`} />
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>{t('notifications.digest')}</legend>
        <SwitchRow {...form.register('digestEnabled')} label={t('notifications.digestEnabled')} testId="notify-digest" />
        <input type="time" {...form.register('digestTime')} aria-label={t('notifications.digestTime')} required />
        {form.errorFor('digestTime') && <p className="field__error">{form.errorFor('digestTime')}</p>}
      </fieldset>
      <div className="field">
        <span>{t('notifications.quietHours')}</span>
        <div className="inline-actions">
          <input type="time" {...form.register('quietFrom', { setValueAs: timeOrNull })} aria-label={t('notifications.quietFrom')} />
          <span>—</span>
          <input type="time" {...form.register('quietTo', { setValueAs: timeOrNull })} aria-label={t('notifications.quietTo')} />
        </div>
        <small className="muted">{t('notifications.quietHint')}</small>
        {(form.errorFor('quietFrom') ?? form.errorFor('quietTo')) && <p className="field__error">{form.errorFor('quietFrom') ?? form.errorFor('quietTo')}</p>}
      </div>
      <TextField {...form.register('timeZone')} label={t('notifications.timeZone')} required maxLength={64} error={form.errorFor('timeZone')} />
      <Button variant="primary" type="submit" loading={pending}>
        {t('notifications.save')}
      </Button>
    </form>
  );
}
