import { createWebhookSchema, type WebhookEvent } from '@tracker/shared/api/webhooks';
import { WEBHOOK_EVENTS } from '@tracker/shared/api/values/webhooks';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';

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

/** URL, events and the on/off switch of a webhook; the server's refusal (a private address…) shows under its field. */
export function WebhookForm({ initial, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const form = useServerForm(createWebhookSchema, initial ?? { url: '', events: [...WEBHOOK_EVENTS], enabled: true });
  const events = form.watch('events');
  const busy = form.formState.isSubmitting;

  const toggle = (event: WebhookEvent, on: boolean) =>
    form.setValue('events', on ? WEBHOOK_EVENTS.filter((e) => e === event || events.includes(e)) : events.filter((e) => e !== event), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <form className="editor" noValidate onSubmit={form.submit((values) => onSubmit({ ...values, enabled: values.enabled ?? true }))} aria-busy={busy} data-testid="webhook-form">
      <FormAlert message={form.formError} />
      <TextField
        {...form.register('url')}
        label={t('webhooks.url')}
        type="url"
        inputMode="url"
        required
        maxLength={2000}
        placeholder="https://"
        hint={t('webhooks.urlHint')}
        error={form.errorFor('url')}
        data-testid="webhook-url"
      />
      <fieldset className="webhook__events">
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event}>
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} data-testid={`webhook-event-${event}`} />
            {t(`webhooks.event.${event}`)}
          </label>
        ))}
        {form.errorFor('events') && <p className="field__error">{form.errorFor('events')}</p>}
      </fieldset>
      <label>
        <input type="checkbox" {...form.register('enabled')} data-testid="webhook-enabled" /> {t('webhooks.enabled')}
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
