// /user/profile — name, e-mail (re-confirmed), phone (E.164, re-confirmed), language, avatar.
import { profileUpdateRequestSchema } from '@tracker/shared/api/account';
import type { User } from '@tracker/shared/api/users';
import { LOCALES } from '@tracker/shared/locales';
import { Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { auth, signedIn } from '../../auth/index.ts';
import { fieldErrorsFrom, formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { PhoneConfirmDialog } from '../../account-dialogs/index.ts';
import { FullscreenSwitch } from '../../telegram/index.ts';
import { accountApi, messageOf } from '../api.ts';
import { AvatarField } from '../components/AvatarField.tsx';
import { NotificationSettings } from '../components/NotificationSettings.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import '../users.css';

const FIELDS = ['name', 'email', 'phone', 'locale'] as const;

export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { user } = useSnapshot(auth.state);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [phoneDialog, setPhoneDialog] = useState(false);
  const [resendNote, setResendNote] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [dirty, setDirty] = useState(false);
  // Inside Telegram Save is also the MainButton; an edited, unsaved profile asks before closing.
  useMainButton(user ? { text: t('account.profile.save'), loading: pending, enabled: !pending } : null, () => form.current?.requestSubmit());
  useUnsavedChanges(dirty);
  if (!user) return <Page name="profile" />;
  const message = (key: string) => (i18n.exists(key) ? t(key) : key);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    // A Telegram account may have no e-mail: an empty field then means "none", not a bad address.
    if (!data.email?.trim() && !user?.email) delete data.email;
    const parsed = profileUpdateRequestSchema.safeParse(data);
    setError(null);
    if (!parsed.success) {
      setFields(fieldErrorsFrom(parsed.error.issues));
      return;
    }
    setFields({});
    setPending(true);
    try {
      const { user: updated } = await accountApi.updateProfile(data);
      signedIn(updated);
      setDirty(false);
      haptic('success');
      toast({ title: t('account.profile.saved'), color: 'success' });
    } catch (err) {
      haptic('error');
      const state = formErrorsFrom(err, FIELDS);
      setFields(state.fields);
      setError(state.form ? (state.form.raw ? state.form.key : message(state.form.key)) : null);
    } finally {
      setPending(false);
    }
  }

  async function resend() {
    setResendNote(null);
    try {
      await accountApi.resendConfirmEmail();
      setResendNote({ ok: true, text: t('account.emailDialog.sent') });
    } catch (err) {
      setResendNote({ ok: false, text: messageOf(err, t('account.emailDialog.error')) });
    }
  }

  const status = (confirmed: string | null) => (
    <span className={confirmed ? 'badge-status' : 'badge-status badge-status--no'} data-testid={confirmed ? 'status-confirmed' : 'status-unconfirmed'}>
      {t(confirmed ? 'account.profile.confirmed' : 'account.profile.notConfirmed')}
    </span>
  );

  return (
    <Page name="profile">
      <AvatarField user={user as User} />
      <FullscreenSwitch />
      <form ref={form} noValidate onSubmit={onSubmit} onInput={() => setDirty(true)} className="form" aria-busy={pending} key={user.id} data-testid="profile-form">
        <FormAlert message={error} />
        <TextField name="name" label={t('account.profile.name')} defaultValue={user.name} autoComplete="name" required error={fields.name && message(fields.name)} />
        <TextField name="email" type="email" label={t('account.profile.email')} defaultValue={user.pending_email ?? user.email ?? ''} autoComplete="email" hint={t('account.profile.emailHint')} error={fields.email && message(fields.email)} />
        {user.pending_email && (
          <p className="muted" data-testid="pending-email">
            {t(user.email ? 'account.profile.pendingEmail' : 'account.profile.pendingFirstEmail', { pending: user.pending_email, email: user.email })}
          </p>
        )}
        {(user.email || user.pending_email) && (
          <div className="inline-actions">
            {status(user.pending_email ? null : user.email_confirmed_at)}
            {(!user.email_confirmed_at || user.pending_email) && (
              <Button type="button" size="s" mode="plain" onClick={resend}>
                {t('account.profile.resendEmail')}
              </Button>
            )}
            {resendNote && (
              <span role={resendNote.ok ? 'status' : 'alert'} className={resendNote.ok ? 'muted' : 'field__error'}>
                {resendNote.text}
              </span>
            )}
          </div>
        )}
        <TextField name="phone" type="tel" label={t('account.profile.phone')} defaultValue={user.phone ?? ''} autoComplete="tel" hint={t('account.profile.phoneHint')} error={fields.phone && message(fields.phone)} />
        {user.phone && (
          <div className="inline-actions">
            {status(user.phone_confirmed_at)}
            {!user.phone_confirmed_at && (
              <Button type="button" size="s" mode="plain" onClick={() => setPhoneDialog(true)} data-testid="confirm-phone">
                {t('account.profile.confirmPhone')}
              </Button>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="profile-locale">{t('account.profile.locale')}</label>
          <select id="profile-locale" name="locale" defaultValue={user.locale}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`account.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="l" stretched loading={pending} disabled={pending}>
          {t('account.profile.save')}
        </Button>
      </form>
      <NotificationSettings />
      {phoneDialog && user.phone && (
        <Suspense fallback={null}>
          <PhoneConfirmDialog user={user as User} onClose={() => setPhoneDialog(false)} />
        </Suspense>
      )}
    </Page>
  );
}
