// A stream's name and description, edited in its header: the request's own rules, the server's
// refusals under their fields (the one form helper).
import { updateStreamSchema } from '@tracker/shared/api/streams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import type { StreamPatch } from '../api.ts';

const textForm = z.object({ name: updateStreamSchema.shape.name.unwrap(), description: updateStreamSchema.shape.description.unwrap() });

interface Props {
  name: string;
  description: string;
  /** Saves the patch; throws the refusal, which the form shows. */
  send: (patch: StreamPatch) => Promise<void>;
  onDone: () => void;
}

export function StreamTextForm({ name, description, send, onDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useServerForm(textForm, { name, description });
  const submit = form.submit(async (values) => {
    await send(values);
    onDone();
  });
  const nameError = form.errorFor('name');
  return (
    <form className="form" onSubmit={submit} aria-busy={form.formState.isSubmitting} noValidate data-testid="stream-text-form">
      <FormAlert message={form.formError} />
      <div className={`field${nameError ? ' field--error' : ''}`}>
        <label htmlFor={`${id}-name`}>{t('streams.form.name')}</label>
        <input id={`${id}-name`} {...form.register('name')} maxLength={100} required aria-invalid={nameError ? true : undefined} />
        {nameError && <p className="field__error">{nameError}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-desc`}>{t('streams.form.description')}</label>
        <textarea id={`${id}-desc`} {...form.register('description')} rows={4} />
        {form.errorFor('description') && <p className="field__error">{form.errorFor('description')}</p>}
      </div>
      <div className="actions">
        <Button type="submit" variant="primary" size="small" loading={form.formState.isSubmitting}>
          {t('streams.feed.save')}
        </Button>
        <Button size="small" onClick={onDone}>
          {t('streams.dialog.cancel')}
        </Button>
      </div>
    </form>
  );
}
