// /user/reset-password?token=… — a new password; every other session of the user ends.
import { resetPasswordRequestSchema } from '@tracker/shared/api/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { checkNewPassword, weakPasswordReasons } from '../../../lib/password-rule.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { accountApi } from '../../../lib/api/account.ts';
import { signedIn } from '../../../lib/auth.ts';

const NO_USER = {};

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token');
  const form = useServerForm(resetPasswordRequestSchema, { token: token ?? '', password: '' });
  const pending = form.formState.isSubmitting;
  const [serverReasons, setServerReasons] = useState<string[]>();

  const onSubmit = form.submit(
    async (data) => {
      setServerReasons(undefined);
      // The link's owner is not known here; the server also checks against their e-mail and name.
      const strength = await checkNewPassword(data.password, {});
      if (strength && !strength.ok) return form.setError('password', { type: 'weak', message: 'account.passwordStrength.weak' });
      const { user } = await accountApi.resetPassword(data);
      signedIn(user);
      toast({ title: t('account.reset.done'), color: 'success' });
      navigate(href('me'), { replace: true });
    },
    (err) => setServerReasons(weakPasswordReasons(err)),
  );

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
            {/* The token comes from the link, not an input: its message goes to the form. */}
            <FormAlert message={form.formError ?? form.errorFor('token') ?? null} />
            <PasswordField {...form.register('password')} label={t('account.reset.password')} hint={t('auth.passwordHint')} error={form.errorFor('password')} user={NO_USER} serverReasons={serverReasons} />
            <Button variant="primary" type="submit" size="large" stretched loading={pending}>
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
