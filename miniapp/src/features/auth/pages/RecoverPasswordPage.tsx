import '../../../styles/account.css';
// /user/recover-password — always the same answer, whether or not the e-mail has an account.
import { recoverPasswordRequestSchema } from '@tracker/shared/api/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { accountApi } from '../../../lib/api/account.ts';

export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useServerForm(recoverPasswordRequestSchema, { email: '' });
  const pending = form.formState.isSubmitting;
  const onSubmit = form.submit(async (data) => {
    await accountApi.recoverPassword(data);
    setSent(true);
  });

  return (
    <Page name="recoverPassword" className="auth">
      {sent ? (
        <p role="status" className="notice notice--success" data-testid="recover-sent">
          {t('account.recover.sent')}
        </p>
      ) : (
        <>
          <p className="muted">{t('account.recover.intro')}</p>
          <form noValidate onSubmit={onSubmit} className="form" aria-busy={pending}>
            <FormAlert message={form.formError} />
            <TextField {...form.register('email')} type="email" label={t('auth.email')} autoComplete="username" inputMode="email" required error={form.errorFor('email')} />
            <Button variant="primary" type="submit" size="large" stretched loading={pending}>
              {t('account.recover.submit')}
            </Button>
          </form>
        </>
      )}
    </Page>
  );
}
