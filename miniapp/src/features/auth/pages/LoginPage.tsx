import { loginRequestSchema } from '@tracker/shared/api/auth';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { authApi } from '../api.ts';
import { useAuthForm } from '../components/useAuthForm.ts';
import { TelegramLoginWidget } from '../telegram/TelegramLoginWidget.tsx';
import { useSignedInRedirect, useWidgetReturn } from '../telegram/use-widget-return.ts';
import { useSnapshot } from 'valtio';
import { platform } from '../../../platform/index.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const href = useHref();
  const search = useSearch();
  const form = useAuthForm(loginRequestSchema, { email: '', password: '' }, authApi.login);
  const widgetError = useWidgetReturn();
  const { kind } = useSnapshot(platform);
  useSignedInRedirect();
  return (
    <Page name="login" className="auth">
      <p className="muted">{t('auth.loginIntro')}</p>
      <form noValidate onSubmit={form.onSubmit} className="form" aria-busy={form.pending}>
        <FormAlert message={form.formError ?? widgetError} />
        <TextField {...form.form.register('email')} type="email" label={t('auth.email')} autoComplete="username" inputMode="email" required error={form.errorFor('email')} />
        <TextField {...form.form.register('password')} type="password" label={t('auth.password')} autoComplete="current-password" required error={form.errorFor('password')} />
        <Button variant="primary" type="submit" size="large" stretched loading={form.pending}>
          {t('auth.loginSubmit')}
        </Button>
      </form>
      {kind === 'web' && <TelegramLoginWidget authPath={href('login')} />}
      <p className="form__switch">
        <Link href={href('recoverPassword')}>{t('auth.forgotPassword')}</Link>
      </p>
      <p className="form__switch">
        {t('auth.noAccount')} <Link href={`${href('register')}${search ? `?${search}` : ''}`}>{t('auth.createAccount')}</Link>
      </p>
    </Page>
  );
}
