import type { UserRef } from '@tracker/shared/api/common';
import { createStreamSchema } from '@tracker/shared/api/streams';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { useMe } from '../../../lib/auth.ts';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { streamsApi } from '../api.ts';
import { StatusField } from '../components/StatusField.tsx';
import '../streams.css';

export default function StreamCreatePage() {
  const { t } = useTranslation();
  const id = useId();
  const href = useHref();
  const [, navigate] = useLocation();
  const form = useServerForm(createStreamSchema, { name: '', description: '', status: 'planned', leadId: null, memberIds: [], startDate: null, targetDate: null });
  const pending = form.formState.isSubmitting;
  const submitted = form.formState.isSubmitted;
  // The pickers show people (id and name); the form holds their ids.
  const [lead, setLead] = useState<UserRef[]>([]);
  const [members, setMembers] = useState<UserRef[]>([]);
  const me = useMe();
  const leadTouched = useRef(false);
  const { setValue } = form;
  // The creator leads by default (a lead may post updates; the creator alone may not).
  useEffect(() => {
    if (!me || leadTouched.current) return;
    setLead([{ id: me.id, name: me.name }]);
    setValue('leadId', me.id);
  }, [me, setValue]);
  const element = useRef<HTMLFormElement>(null);
  // Inside Telegram the submit is also the MainButton; the form's own button stays.
  useMainButton({ text: t('streams.form.create'), loading: pending, enabled: !pending }, () => element.current?.requestSubmit());
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const status = form.watch('status') ?? 'planned';
  const change = { shouldDirty: true, shouldValidate: submitted };

  const submit = form.submit(
    async (data) => {
      const { stream } = await streamsApi.create(data);
      haptic('success');
      toast({ title: t('streams.toast.created', { name: stream.name }), color: 'success' });
      navigate(href('stream', { id: stream.id }));
    },
    () => haptic('error'),
  );

  return (
    <Page name="streamCreate" className="streams narrow">
      <form ref={element} noValidate className="form" onSubmit={submit} aria-busy={pending} data-testid="stream-form">
        <FormAlert message={form.formError} />
        <TextField {...form.register('name')} label={t('streams.form.name')} required maxLength={100} error={form.errorFor('name')} />
        <div className="field">
          <label htmlFor={`${id}-desc`}>{t('streams.form.description')}</label>
          <textarea id={`${id}-desc`} {...form.register('description')} rows={4} />
          {form.errorFor('description') && <p className="field__error">{form.errorFor('description')}</p>}
        </div>
        <StatusField value={status} onChange={(s) => form.setValue('status', s, change)} />
        <PeoplePicker
          ns="streams"
          label={t('streams.form.lead')}
          selected={lead}
          onChange={(u) => {
            leadTouched.current = true;
            setLead(u);
            form.setValue('leadId', u[0]?.id ?? null, change);
          }}
          testId="stream-lead"
          error={form.errorFor('leadId')}
        />
        <PeoplePicker
          ns="streams"
          label={t('streams.form.members')}
          selected={members}
          onChange={(u) => {
            setMembers(u);
            form.setValue('memberIds', u.map((m) => m.id), change);
          }}
          multiple
          testId="stream-members"
          error={form.errorFor('memberIds')}
        />
        <div className="dates">
          {(['startDate', 'targetDate'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <div className={`field${form.errorFor(name) ? ' field--error' : ''}`}>
                  <label htmlFor={`${id}-${name}`}>{t(`streams.form.${name}`)}</label>
                  <DateInput
                    id={`${id}-${name}`}
                    name={name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(v || null)}
                    onBlur={field.onBlur}
                    aria-invalid={form.errorFor(name) ? true : undefined}
                    aria-describedby={form.errorFor(name) ? `${id}-${name}-error` : undefined}
                  />
                  {form.errorFor(name) && (
                    <p id={`${id}-${name}-error`} className="field__error" data-testid={`error-${name}`}>
                      {form.errorFor(name)}
                    </p>
                  )}
                </div>
              )}
            />
          ))}
        </div>
        <div className="actions">
          <Button type="submit" variant="primary" disabled={pending} data-testid="stream-submit">
            {t('streams.form.create')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
