import type { UserRef } from '@tracker/shared/api/common';
import { createStreamSchema, type StreamStatus } from '@tracker/shared/api/streams';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { fieldErrorsFrom, formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { PeoplePicker, useMe } from '../../projects/index.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { streamsApi } from '../api.ts';
import { StatusField } from '../components/StatusField.tsx';
import '../streams.css';

const FIELDS = ['name', 'description', 'status', 'leadId', 'memberIds', 'startDate', 'targetDate'] as const;

export default function StreamCreatePage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const href = useHref();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<StreamStatus>('planned');
  const [lead, setLead] = useState<UserRef[]>([]);
  const me = useMe();
  const leadTouched = useRef(false);
  // The creator leads by default (a lead may post updates; the creator alone may not).
  useEffect(() => {
    if (me && !leadTouched.current) setLead([{ id: me.id, name: me.name }]);
  }, [me]);
  const [members, setMembers] = useState<UserRef[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram the submit is also the MainButton; the form's own button stays.
  useMainButton({ text: t('streams.form.create'), loading: pending, enabled: !pending }, () => form.current?.requestSubmit());
  // Typed text (uncontrolled inputs), people or a status: something to lose on closing.
  const [typed, setTyped] = useState(false);
  const [saved, setSaved] = useState(false);
  useUnsavedChanges(!saved && (typed || members.length > 0 || status !== 'planned' || leadTouched.current));
  const message = (k: string) => (i18n.exists(k) ? t(k) : t('validation.invalid'));
  const errorFor = (f: string) => (errors[f] ? message(errors[f]) : undefined);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending) return;
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '');
    const parsed = createStreamSchema.safeParse({
      name: text('name'),
      description: text('description'),
      status,
      leadId: lead[0]?.id ?? null,
      memberIds: members.map((m) => m.id),
      startDate: text('startDate') || null,
      targetDate: text('targetDate') || null,
    });
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { stream } = await streamsApi.create(parsed.data);
      setSaved(true);
      haptic('success');
      toast({ title: t('streams.toast.created', { name: stream.name }), color: 'success' });
      navigate(href('stream', { id: stream.id }));
    } catch (err) {
      haptic('error');
      const state = formErrorsFrom(err, FIELDS);
      setErrors(state.fields);
      setFormError(state.form ? (state.form.raw ? state.form.key : message(state.form.key)) : null);
      setPending(false);
    }
  }

  return (
    <Page name="streamCreate" className="streams narrow">
      <form ref={form} noValidate className="form" onSubmit={submit} onInput={() => setTyped(true)} aria-busy={pending} data-testid="stream-form">
        <FormAlert message={formError} />
        <TextField name="name" label={t('streams.form.name')} required maxLength={100} error={errorFor('name')} />
        <div className="field">
          <label htmlFor={`${id}-desc`}>{t('streams.form.description')}</label>
          <textarea id={`${id}-desc`} name="description" rows={4} />
          {errorFor('description') && <p className="field__error">{errorFor('description')}</p>}
        </div>
        <StatusField value={status} onChange={setStatus} />
        <PeoplePicker ns="streams" label={t('streams.form.lead')} selected={lead} onChange={(u) => {
            leadTouched.current = true;
            setLead(u);
          }} testId="stream-lead" error={errorFor('leadId')} />
        <PeoplePicker ns="streams" label={t('streams.form.members')} selected={members} onChange={setMembers} multiple testId="stream-members" error={errorFor('memberIds')} />
        <div className="dates">
          <TextField name="startDate" type="date" label={t('streams.form.startDate')} error={errorFor('startDate')} />
          <TextField name="targetDate" type="date" label={t('streams.form.targetDate')} error={errorFor('targetDate')} />
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary" disabled={pending} data-testid="stream-submit">
            {t('streams.form.create')}
          </button>
        </div>
      </form>
    </Page>
  );
}
