// A stream update's form, for a new one (the composer) and for editing one: its text and the
// stream's health, on the shared schema; the server's refusal lands under the text or on the form.
import { createStreamUpdateSchema, type StreamHealth } from '@tracker/shared/api/streams';
import { STREAM_HEALTH } from '@tracker/shared/api/values/streams';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';

export interface UpdateValues {
  body: string;
  health: StreamHealth;
}

interface Props {
  initial: UpdateValues;
  onSave: (values: UpdateValues) => Promise<void>;
  /** The composer: a labelled field with a hint, posted with Telegram's MainButton; editing has Cancel instead. */
  composer?: boolean;
  onCancel?: () => void;
}

export function UpdateForm({ initial, onSave, composer = false, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const element = useRef<HTMLFormElement>(null);
  const form = useServerForm(createStreamUpdateSchema, initial);
  const [body, health] = form.watch(['body', 'health']);
  const pending = form.formState.isSubmitting;
  const submitText = composer ? t('streams.feed.post') : t('streams.feed.save');
  // Inside Telegram a written update is posted with the MainButton; closing asks first.
  const written = composer && body.trim() !== '';
  useMainButton(written ? { text: submitText, loading: pending, enabled: !pending } : null, () => element.current?.requestSubmit());
  useUnsavedChanges(written);

  const submit = form.submit(
    async (values) => {
      await onSave(values);
      form.reset({ body: composer ? '' : values.body, health: values.health });
      haptic('success');
    },
    () => haptic('error'),
  );

  return (
    <form ref={element} className="composer" noValidate onSubmit={submit} aria-busy={pending} data-testid={composer ? 'stream-composer' : 'stream-update-form'}>
      <FormAlert message={form.formError} />
      <div className={`field${form.errorFor('body') ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-body`} className={composer ? undefined : 'visually-hidden'}>
          {composer ? t('streams.feed.newUpdate') : t('streams.feed.editLabel')}
        </label>
        <textarea id={`${id}-body`} rows={3} {...form.register('body')} placeholder={composer ? t('streams.feed.placeholder') : undefined} data-testid="stream-update-body" />
        {composer && <p className="field__hint">{t('streams.feed.markdown')}</p>}
        {form.errorFor('body') && <p className="field__error">{form.errorFor('body')}</p>}
      </div>
      <fieldset className="health-choice">
        <legend>{t('streams.feed.health')}</legend>
        {STREAM_HEALTH.map((h) => (
          <label key={h} className={`health-opt health--${h}`}>
            <input type="radio" name={`${id}-health`} value={h} checked={health === h} onChange={() => form.setValue('health', h, { shouldDirty: true })} data-testid={`health-${h}`} />
            {t(`streams.health.${h}`)}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <Button type="submit" variant="primary" size="small" disabled={!body.trim() || pending} data-testid={composer ? 'stream-update-post' : 'stream-update-save'}>
          {submitText}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {t('streams.dialog.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
