import '../../users/users.css';
// /user/recover-password — always the same answer, whether or not the e-mail has an account.
import { recoverPasswordRequestSchema } from '@tracker/shared/api/account';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { accountApi, messageOf } from '../../users/index.ts';

export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = recoverPasswordRequestSchema.safeParse({ email: new FormData(e.currentTarget).get('email') });
    setError(null);
    if (!parsed.success) {
      setFieldError(t(parsed.error.issues[0]!.message));
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      await accountApi.recoverPassword(parsed.data);
      setSent(true);
    } catch (err) {
      setError(messageOf(err, t('auth.unexpected')));
    } finally {
      setPending(false);
    }
  }

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
            <FormAlert message={error} />
            <TextField name="email" type="email" label={t('auth.email')} autoComplete="username" inputMode="email" required error={fieldError} />
            <Button type="submit" size="l" stretched loading={pending} disabled={pending}>
              {t('account.recover.submit')}
            </Button>
          </form>
        </>
      )}
    </Page>
  );
}
