import type { WebhookEvent } from '@tracker/shared/api/webhooks';
import { WEBHOOK_EVENTS } from '@tracker/shared/api/values/webhooks';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { errorText } from '../../../lib/error-text.ts';

export interface WebhookValues {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

interface Props {
  initial?: WebhookValues;
  submitLabel: string;
  onSubmit: (values: WebhookValues) => Promise<void>;
  onCancel: () => void;
}

/** URL, events and the on/off switch of a webhook; the server's refusal (a private address…) shows above. */
export function WebhookForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<WebhookValues>(initial ?? { url: '', events: [...WEBHOOK_EVENTS], enabled: true });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (event: WebhookEvent, on: boolean) =>
    setValues((v) => ({ ...v, events: on ? WEBHOOK_EVENTS.filter((e) => e === event || v.events.includes(e)) : v.events.filter((e) => e !== event) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.events.length) return setError(t('validation.webhookEvents'));
    setError(null);
    setBusy(true);
    try {
      await onSubmit({ ...values, url: values.url.trim() });
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="editor" onSubmit={(e) => void submit(e)} data-testid="webhook-form">
      <FormAlert message={error} />
      <div className="field">
        <label htmlFor={`${id}-url`}>{t('webhooks.url')}</label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          required
          maxLength={2000}
          placeholder="https://"
          value={values.url}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
          data-testid="webhook-url"
        />
        <small id={`${id}-hint`}>{t('webhooks.urlHint')}</small>
      </div>
      <fieldset className="webhook__events">
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event}>
            <input type="checkbox" checked={values.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} data-testid={`webhook-event-${event}`} />
            {t(`webhooks.event.${event}`)}
          </label>
        ))}
      </fieldset>
      <label>
        <input type="checkbox" checked={values.enabled} onChange={(e) => setValues((v) => ({ ...v, enabled: e.target.checked }))} data-testid="webhook-enabled" />{' '}
        {t('webhooks.enabled')}
      </label>
      <div className="webhook__tools">
        <Button type="submit" variant="primary" size="small" disabled={busy} data-testid="webhook-submit">
          {submitLabel}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t('webhooks.cancel')}
        </Button>
      </div>
    </form>
  );
}
