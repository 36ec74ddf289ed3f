import { registerRequestSchema } from '@tracker/shared/api/auth';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { checkNewPassword } from '../../../lib/password-rule.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { authApi } from '../api.ts';
import { useAuthForm } from '../components/useAuthForm.ts';

async function strongEnough({ email, name, password }: { email: string; name: string; password: string }) {
  const strength = await checkNewPassword(password, { email, name });
  return strength && !strength.ok ? 'account.passwordStrength.weak' : null;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const href = useHref();
  const search = useSearch();
  const locale = useLocale();
  const form = useAuthForm(registerRequestSchema, { name: '', email: '', password: '', locale }, authApi.register, strongEnough);
  // The password's strength is judged without the user's own e-mail and name.
  const [email, name] = form.form.watch(['email', 'name']);
  const owner = useMemo(() => ({ email: email ?? '', name: name ?? '' }), [email, name]);
  return (
    <Page name="register" className="auth">
      <p className="muted">{t('auth.registerIntro')}</p>
      <form noValidate onSubmit={form.onSubmit} className="form" aria-busy={form.pending}>
        <FormAlert message={form.formError} />
        <TextField {...form.form.register('name')} label={t('auth.name')} autoComplete="name" required error={form.errorFor('name')} />
        <TextField {...form.form.register('email')} type="email" label={t('auth.email')} autoComplete="email" inputMode="email" required error={form.errorFor('email')} />
        <PasswordField {...form.form.register('password')} label={t('auth.password')} hint={t('auth.passwordHint')} error={form.errorFor('password')} user={owner} serverReasons={form.serverReasons} />
        <Button variant="primary" type="submit" size="large" stretched loading={form.pending}>
          {t('auth.registerSubmit')}
        </Button>
      </form>
      <p className="form__switch">
        {t('auth.haveAccount')} <Link href={`${href('login')}${search ? `?${search}` : ''}`}>{t('auth.signInInstead')}</Link>
      </p>
    </Page>
  );
}
