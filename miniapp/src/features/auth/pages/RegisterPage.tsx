import { registerRequestSchema } from '@tracker/shared/api/auth';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { authApi } from '../api.ts';
import { useAuthForm } from '../components/useAuthForm.ts';

const FIELDS = ['name', 'email', 'password'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const href = useHref();
  const search = useSearch();
  const form = useAuthForm(registerRequestSchema, FIELDS, authApi.register);
  return (
    <Page name="register" className="auth">
      <p className="muted">{t('auth.registerIntro')}</p>
      <form noValidate onSubmit={form.onSubmit} className="form" aria-busy={form.pending}>
        <FormAlert message={form.formError} />
        <TextField name="name" label={t('auth.name')} autoComplete="name" required error={form.errorFor('name')} />
        <TextField name="email" type="email" label={t('auth.email')} autoComplete="email" inputMode="email" required error={form.errorFor('email')} />
        <TextField
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete="new-password"
          required
          hint={t('auth.passwordHint')}
          error={form.errorFor('password')}
        />
        <Button type="submit" size="l" stretched loading={form.pending} disabled={form.pending}>
          {t('auth.registerSubmit')}
        </Button>
      </form>
      <p className="form__switch">
        {t('auth.haveAccount')} <Link href={`${href('login')}${search ? `?${search}` : ''}`}>{t('auth.signInInstead')}</Link>
      </p>
    </Page>
  );
}
