// /user/reset-password?token=… — a new password; every other session of the user ends.
import { resetPasswordRequestSchema } from '@tracker/shared/api/account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { checkNewPassword, weakPasswordReasons } from '../../../lib/password-rule.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { accountApi, messageOf } from '../../users/index.ts';
import { signedIn } from '../api.ts';

const NO_USER = {};

export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [serverReasons, setServerReasons] = useState<string[]>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = resetPasswordRequestSchema.safeParse({ token, password: new FormData(e.currentTarget).get('password') });
    setError(null);
    if (!parsed.success) {
      const key = parsed.error.issues[0]!.message;
      setFieldError(i18n.exists(key) ? t(key) : t('validation.invalid'));
      return;
    }
    setFieldError(undefined);
    setServerReasons(undefined);
    setPending(true);
    // The link's owner is not known here; the server also checks against their e-mail and name.
    const strength = await checkNewPassword(parsed.data.password, {});
    if (strength && !strength.ok) {
      setFieldError(t('account.passwordStrength.weak'));
      setPending(false);
      return;
    }
    try {
      const { user } = await accountApi.resetPassword(parsed.data);
      signedIn(user);
      toast({ title: t('account.reset.done'), color: 'success' });
      navigate(href('me'), { replace: true });
    } catch (err) {
      const reasons = weakPasswordReasons(err);
      setServerReasons(reasons);
      if (reasons) setFieldError(messageOf(err, t('account.passwordStrength.weak')));
      else setError(messageOf(err, t('auth.unexpected')));
      setPending(false);
    }
  }

  return (
    <Page name="resetPassword" className="auth">
      {!token ? (
        <p className="form-alert" role="alert">
          {t('account.reset.missing')} <Link href={href('recoverPassword')}>{t('account.reset.requestNew')}</Link>
        </p>
      ) : (
        <>
          <p className="muted">{t('account.reset.intro')}</p>
          <form noValidate onSubmit={onSubmit} className="form" aria-busy={pending}>
            <FormAlert message={error} />
            <PasswordField label={t('account.reset.password')} hint={t('auth.passwordHint')} error={fieldError} user={NO_USER} serverReasons={serverReasons} />
            <Button type="submit" size="l" stretched loading={pending} disabled={pending}>
              {t('account.reset.submit')}
            </Button>
          </form>
          <p className="form__switch">
            <Link href={href('recoverPassword')}>{t('account.reset.requestNew')}</Link>
          </p>
        </>
      )}
    </Page>
  );
}
