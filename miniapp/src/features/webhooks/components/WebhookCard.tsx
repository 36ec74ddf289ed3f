import type { Webhook } from '@tracker/shared/api/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { toast } from '../../../lib/toasts.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { webhooksApi } from '../api.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { errorText } from '../../../lib/error-text.ts';

interface Props {
  hook: Webhook;
  onChange: (hook: Webhook) => void;
  onRemoved: () => void;
}

/** One webhook: its URL, state, events and secret (with copy and "new secret"), edit, delete, delivery log. */
export function WebhookCard({ hook, onChange, onRemoved }: Props) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);

  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      toast({ title: errorText(err, t), color: 'error' });
    }
  };

  const copy = () =>
    act(async () => {
      await navigator.clipboard.writeText(hook.secret);
      toast({ title: t('webhooks.copied'), color: 'success' });
    });

  const rotate = () =>
    act(async () => {
      onChange((await webhooksApi.update(hook.id, { rotateSecret: true })).webhook);
      toast({ title: t('webhooks.rotated'), color: 'success' });
    });

  const remove = () =>
    act(async () => {
      const ok = await confirmAction({ title: t('webhooks.deleteTitle'), message: t('webhooks.deleteText', { url: hook.url }), confirmText: t('webhooks.delete'), destructive: true });
      if (!ok) return;
      await webhooksApi.remove(hook.id);
      onRemoved();
    });

  if (editing) {
    return (
      <li className="row webhook" data-testid="webhook-row">
        <WebhookForm
          initial={{ url: hook.url, events: hook.events, enabled: hook.enabled }}
          submitLabel={t('webhooks.save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            onChange((await webhooksApi.update(hook.id, values)).webhook);
            setEditing(false);
          }}
        />
      </li>
    );
  }

  return (
    <li className="row webhook" data-testid="webhook-row">
      <span className="webhook__url">{hook.url}</span>
      <span className="webhook__meta" data-testid="webhook-state">
        {hook.enabled ? t('webhooks.enabled') : hook.disabledReason ? t('webhooks.disabledReason', { reason: hook.disabledReason }) : t('webhooks.disabled')}
        {hook.enabled && hook.consecutiveFailures > 0 && ` · ${t('webhooks.failures', { count: hook.consecutiveFailures })}`}
      </span>
      <span className="webhook__meta">{hook.events.map((e) => t(`webhooks.event.${e}`)).join(', ')}</span>
      <span>
        {t('webhooks.secret')}: <code className="webhook__secret" data-testid="webhook-secret">{hook.secret}</code>
      </span>
      <small className="webhook__meta">{t('webhooks.secretHint')}</small>
      <div className="webhook__tools">
        <Button size="small" onClick={() => void copy()}>
          {t('webhooks.copy')}
        </Button>
        <Button size="small" onClick={() => void rotate()}>
          {t('webhooks.rotate')}
        </Button>
        <Button size="small" onClick={() => setEditing(true)} data-testid="webhook-edit">
          {t('webhooks.edit')}
        </Button>
        <Button size="small" onClick={() => setShowLog((s) => !s)} aria-expanded={showLog} data-testid="webhook-log">
          {t('webhooks.deliveries')}
        </Button>
        <Button size="small" onClick={() => void remove()} data-testid="webhook-delete">
          {t('webhooks.delete')}
        </Button>
      </div>
      {showLog && <DeliveryLog webhookId={hook.id} />}
    </li>
  );
}
