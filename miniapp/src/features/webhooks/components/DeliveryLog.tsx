import type { Delivery } from '@tracker/shared/api/webhooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { webhooksApi } from '../api.ts';
import { useErrorText } from '../errors.ts';

/** A webhook's deliveries, newest first: status code, duration, time, the answer's opening; "Redeliver". */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [list, setList] = useState<Delivery[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = async (after?: string) => {
    try {
      const page = await webhooksApi.deliveries(webhookId, after);
      setList((prev) => [...(after ? (prev ?? []) : []), ...page.deliveries]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(errorText(err));
    }
  };
  // Loaded once per webhook; `load` reads only this webhook's state.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void load(), [webhookId]);

  const redeliver = async (d: Delivery) => {
    try {
      const { delivery } = await webhooksApi.redeliver(d.id);
      setList((prev) => [delivery, ...(prev ?? [])]);
      toast({ title: t('webhooks.redelivered'), color: 'success' });
    } catch (err) {
      toast({ title: errorText(err), color: 'error' });
    }
  };

  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  if (error) return <FormAlert message={error} />;
  if (!list) return null;
  return (
    <div data-testid="delivery-log">
      <h3>{t('webhooks.deliveries')}</h3>
      {!list.length && <p className="webhook__meta">{t('webhooks.noDeliveries')}</p>}
      {list.map((d) => (
        <div key={d.id} className="delivery" data-testid="delivery-row">
          <div className="delivery__head">
            <strong className={`delivery__status--${d.status}`}>{t(`webhooks.status.${d.status}`)}</strong>
            <span>{t(`webhooks.event.${d.event}`)}</span>
            {d.responseStatus != null && <span>HTTP {d.responseStatus}</span>}
            {d.durationMs != null && <span>{t('webhooks.duration', { ms: d.durationMs })}</span>}
            <span className="webhook__meta">{t('webhooks.attempts', { count: d.attempts })}</span>
            <time className="webhook__meta" dateTime={d.createdAt}>
              {time(d.createdAt)}
            </time>
            <Button size="small" onClick={() => void redeliver(d)} data-testid="delivery-redeliver">
              {t('webhooks.redeliver')}
            </Button>
          </div>
          {d.nextRetryAt && d.status === 'pending' && <span className="webhook__meta">{t('webhooks.nextRetry', { time: time(d.nextRetryAt) })}</span>}
          {d.error && (
            <span className="delivery__excerpt">
              {t('webhooks.error')}: {d.error}
            </span>
          )}
          {d.responseExcerpt && (
            <pre className="delivery__excerpt" aria-label={t('webhooks.response')}>
              {d.responseExcerpt}
            </pre>
          )}
        </div>
      ))}
      {cursor && (
        <Button size="small" onClick={() => void load(cursor)}>
          {t('webhooks.more')}
        </Button>
      )}
    </div>
  );
}
