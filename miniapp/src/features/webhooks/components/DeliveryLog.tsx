import type { Delivery } from '@tracker/shared/api/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { webhooksApi } from '../api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/** A webhook's deliveries, newest first: status code, duration, time, the answer's opening; "Redeliver". */
export function DeliveryLog({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The newest page, asked each time the log opens (deliveries go on in the background); older pages join it.
  const log = useQuery(['webhooks', 'deliveries', webhookId], () => webhooksApi.deliveries(webhookId), { freshMs: 0 });
  const { setData } = log;
  const list = log.data?.deliveries ?? null;
  const cursor = log.data?.nextCursor ?? null;
  const [moreError, setMoreError] = useState<unknown>(null);
  const failure = moreError ?? log.error;
  const error = failure ? errorText(failure, t) : null;

  const loadMore = async (after: string) => {
    try {
      const page = await webhooksApi.deliveries(webhookId, after);
      setData((shown) => shown && { ...shown, deliveries: [...shown.deliveries, ...page.deliveries], nextCursor: page.nextCursor });
    } catch (err) {
      setMoreError(err);
    }
  };

  const redeliver = async (d: Delivery) => {
    try {
      const { delivery } = await webhooksApi.redeliver(d.id);
      setData((shown) => shown && { ...shown, deliveries: [delivery, ...shown.deliveries] });
      toast({ title: t('webhooks.redelivered'), color: 'success' });
    } catch (err) {
      toast({ title: errorText(err, t), color: 'error' });
    }
  };

  const time = (iso: string) => formatDateTime(iso, locale, { dateStyle: 'short', timeStyle: 'medium' });
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
        <Button size="small" onClick={() => void loadMore(cursor)}>
          {t('webhooks.more')}
        </Button>
      )}
    </div>
  );
}
