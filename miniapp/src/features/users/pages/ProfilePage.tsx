// /user/profile — name, e-mail (re-confirmed), phone (E.164, re-confirmed), language, avatar, notifications, API tokens.
import { profileUpdateRequestSchema } from '@tracker/shared/api/account';
import type { User } from '@tracker/shared/api/users';
import { LOCALES } from '@tracker/shared/locales';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { auth, signedIn } from '../../../lib/auth.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import type { PhoneConfirmSlot } from '../../../components/slots.ts';
import { FullscreenSwitch } from '../components/FullscreenSwitch.tsx';
import { accountApi } from '../../../lib/api/account.ts';
import { ApiTokens } from '../components/api-tokens/ApiTokens.tsx';
import { AvatarField } from '../components/AvatarField.tsx';
import { NotificationSettings } from '../components/NotificationSettings.tsx';
import { TelegramAccount } from '../components/TelegramAccount.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import '../../../styles/account.css';
import { errorText } from '../../../lib/error-text.ts';

/** What the form starts from: the account as stored (an unconfirmed new e-mail is what was typed). */
const valuesOf = (user: User) => ({ name: user.name, email: user.pending_email ?? user.email ?? undefined, phone: user.phone ?? '', locale: user.locale });

/** `PhoneConfirmDialog`: the account dialogs' phone confirmation, passed in by the route (app/routes/ProfilePage.tsx). */
export default function ProfilePage({ PhoneConfirmDialog }: { PhoneConfirmDialog: PhoneConfirmSlot }) {
  const { user } = useSnapshot(auth.state);
  if (!user) return <Page name="profile" />;
  return <ProfileForm user={user as User} key={user.id} PhoneConfirmDialog={PhoneConfirmDialog} />;
}

function ProfileForm({ user, PhoneConfirmDialog }: { user: User; PhoneConfirmDialog: PhoneConfirmSlot }) {
  const { t } = useTranslation();
  const form = useServerForm(profileUpdateRequestSchema, valuesOf(user));
  const pending = form.formState.isSubmitting;
  const [phoneDialog, setPhoneDialog] = useState(false);
  const [resendNote, setResendNote] = useState<{ ok: boolean; text: string } | null>(null);
  const element = useRef<HTMLFormElement>(null);
  // Inside Telegram Save is also the MainButton; an edited, unsaved profile asks before closing.
  useMainButton({ text: t('account.profile.save'), loading: pending, enabled: !pending }, () => element.current?.requestSubmit());
  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.submit(
    async (data) => {
      const { user: updated } = await accountApi.updateProfile(data);
      signedIn(updated);
      form.reset(valuesOf(updated));
      haptic('success');
      toast({ title: t('account.profile.saved'), color: 'success' });
    },
    () => haptic('error'),
  );

  async function resend() {
    setResendNote(null);
    try {
      await accountApi.resendConfirmEmail();
      setResendNote({ ok: true, text: t('account.emailDialog.sent') });
    } catch (err) {
      setResendNote({ ok: false, text: errorText(err, t, { fallback: 'account.emailDialog.error' }) });
    }
  }

  const status = (confirmed: string | null) => (
    <span className={confirmed ? 'badge-status' : 'badge-status badge-status--no'} data-testid={confirmed ? 'status-confirmed' : 'status-unconfirmed'}>
      {t(confirmed ? 'account.profile.confirmed' : 'account.profile.notConfirmed')}
    </span>
  );

  return (
    <Page name="profile">
      <AvatarField user={user} />
      <FullscreenSwitch />
      <form ref={element} noValidate onSubmit={onSubmit} className="form" aria-busy={pending} data-testid="profile-form">
        <FormAlert message={form.formError} />
        <TextField {...form.register('name')} label={t('account.profile.name')} autoComplete="name" required error={form.errorFor('name')} />
        <TextField
          // A Telegram account may have no e-mail: an empty field then means "none", not a bad address.
          {...form.register('email', { setValueAs: (v: string | undefined) => (!v?.trim() && !user.email ? undefined : v) })}
          type="email"
          label={t('account.profile.email')}
          autoComplete="email"
          hint={t('account.profile.emailHint')}
          error={form.errorFor('email')}
        />
        {user.pending_email && (
          <p className="muted" data-testid="pending-email">
            {t(user.email ? 'account.profile.pendingEmail' : 'account.profile.pendingFirstEmail', { pending: user.pending_email, email: user.email })}
          </p>
        )}
        {(user.email || user.pending_email) && (
          <div className="inline-actions">
            {status(user.pending_email ? null : user.email_confirmed_at)}
            {(!user.email_confirmed_at || user.pending_email) && (
              <Button size="small" variant="link" onClick={resend}>
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
        <TextField {...form.register('phone')} type="tel" label={t('account.profile.phone')} autoComplete="tel" hint={t('account.profile.phoneHint')} error={form.errorFor('phone')} />
        {user.phone && (
          <div className="inline-actions">
            {status(user.phone_confirmed_at)}
            {!user.phone_confirmed_at && (
              <Button size="small" variant="link" onClick={() => setPhoneDialog(true)} data-testid="confirm-phone">
                {t('account.profile.confirmPhone')}
              </Button>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor="profile-locale">{t('account.profile.locale')}</label>
          <select id="profile-locale" {...form.register('locale')}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`account.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="primary" type="submit" size="large" stretched loading={pending}>
          {t('account.profile.save')}
        </Button>
      </form>
      <TelegramAccount />
      <NotificationSettings />
      <ApiTokens />
      {phoneDialog && user.phone && (
        <Suspense fallback={null}>
          <PhoneConfirmDialog user={user} onClose={() => setPhoneDialog(false)} />
        </Suspense>
      )}
    </Page>
  );
}
