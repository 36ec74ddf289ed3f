// /user/profile section: which Telegram notifications arrive, and quiet hours (they arrive silently).
import type { NotificationSettings as Settings } from '@tracker/shared/api/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { SwitchRow } from '../../../components/SwitchRow.tsx';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { auth } from '../../../lib/auth.ts';
import { errorText } from '../../../lib/error-text.ts';
import { accountApi } from '../../../lib/api/account.ts';

const EVENTS = ['assigned', 'mentioned', 'assignedComments', 'statusChanged', 'dueSoon'] as const;

export function NotificationSettings() {
  const { t } = useTranslation();
  const settings = useQuery(['users', 'notificationSettings'], () => accountApi.notificationSettings());
  const { data, setData } = settings;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!data) return <FormAlert message={settings.error ? errorText(settings.error, t, { fallback: 'notifications.loadError' }) : null} />;

  const s = data.settings;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const time = (name: string) => (form.get(name) as string) || null;
    const body: Settings = {
      assigned: form.has('assigned'),
      mentioned: form.has('mentioned'),
      statusChanged: form.has('statusChanged'),
      dueSoon: form.has('dueSoon'),
      assignedComments: form.has('assignedComments'),
      digestEnabled: form.has('digestEnabled'),
      digestTime: time('digestTime') ?? s.digestTime,
      quietFrom: time('quietFrom'),
      quietTo: time('quietTo'),
      timeZone: String(form.get('timeZone') ?? ''),
    };
    setPending(true);
    setError(null);
    try {
      const saved = await accountApi.updateNotificationSettings(body);
      setData(() => saved);
      // The profile has a zone now: the app's days follow it at once, as the server's do.
      if (auth.state.user) auth.hydrate({ ...auth.state.user, time_zone: saved.settings.timeZone });
      toast({ title: t('notifications.saved'), color: 'success' });
    } catch (err) {
      setError(errorText(err, t, { fallback: 'notifications.saveError' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} aria-busy={pending} data-testid="notification-settings">
      <h2>{t('notifications.title')}</h2>
      {!data.telegramLinked && <p className="muted">{t('notifications.notLinked')}</p>}
      {data.telegramUnreachableSince && (
        <p className="muted" data-testid="telegram-unreachable">
          {t('notifications.unreachable')}
        </p>
      )}
      <FormAlert message={error} />
      <fieldset className="field">
        <legend>{t('notifications.events')}</legend>
        {EVENTS.map((event) => (
          <SwitchRow key={event} name={event} label={t(`notifications.event.${event}`)} defaultChecked={s[event]} testId={`notify-${event}`} />
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>{t('notifications.digest')}</legend>
        <SwitchRow name="digestEnabled" label={t('notifications.digestEnabled')} defaultChecked={s.digestEnabled} testId="notify-digest" />
        <input type="time" name="digestTime" aria-label={t('notifications.digestTime')} defaultValue={s.digestTime} required />
      </fieldset>
      <div className="field">
        <span>{t('notifications.quietHours')}</span>
        <div className="inline-actions">
          <input type="time" name="quietFrom" aria-label={t('notifications.quietFrom')} defaultValue={s.quietFrom ?? ''} />
          <span>—</span>
          <input type="time" name="quietTo" aria-label={t('notifications.quietTo')} defaultValue={s.quietTo ?? ''} />
        </div>
        <small className="muted">{t('notifications.quietHint')}</small>
      </div>
      <div className="field">
        <label htmlFor="notify-tz">{t('notifications.timeZone')}</label>
        <input id="notify-tz" name="timeZone" defaultValue={s.timeZone} required maxLength={64} />
      </div>
      <Button variant="primary" type="submit" loading={pending}>
        {t('notifications.save')}
      </Button>
    </form>
  );
}
