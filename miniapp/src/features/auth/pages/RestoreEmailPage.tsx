import '../../../styles/account.css';
// /user/restore-email?token=… — the link mailed to the old address after an e-mail change. It acts
// only on a click (a mail scanner opening links must not undo a change), puts the old address back
// and ends every session, this one too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { refusalOf } from '../../../lib/error-text.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { accountApi } from '../../../lib/api/account.ts';
import { auth, sessionEnded } from '../../../lib/auth.ts';

type Result = { kind: 'ready' | 'restoring' } | { kind: 'success'; email: string } | { kind: 'expired' | 'used' | 'invalid' | 'missing' | 'error'; message?: string };
const BY_CODE: Record<string, 'expired' | 'used' | 'invalid'> = { token_expired: 'expired', token_used: 'used', token_invalid: 'invalid', validation: 'invalid' };

export default function RestoreEmailPage() {
  const { t } = useTranslation();
  const href = useHref();
  const token = new URLSearchParams(useSearch()).get('token');
  const [result, setResult] = useState<Result>(token ? { kind: 'ready' } : { kind: 'missing' });

  const restore = async () => {
    if (!token) return;
    setResult({ kind: 'restoring' });
    try {
      const { email } = await accountApi.restoreEmail(token);
      // Every session ended on the server, this browser's too.
      if (auth.state.user) sessionEnded();
      setResult({ kind: 'success', email });
    } catch (err) {
      const code = refusalOf(err)?.data.code ?? '';
      setResult(BY_CODE[code] ? { kind: BY_CODE[code]! } : { kind: 'error', message: errorText(err, t) });
    }
  };

  return (
    <Page name="restoreEmail" className="auth">
      {result.kind === 'ready' || result.kind === 'restoring' ? (
        <>
          <p className="muted">{t('account.restoreEmail.intro')}</p>
          <Button variant="primary" size="large" stretched loading={result.kind === 'restoring'} onClick={() => void restore()} data-testid="restore-email">
            {result.kind === 'restoring' ? t('account.restoreEmail.restoring') : t('account.restoreEmail.submit')}
          </Button>
        </>
      ) : (
        <div role={result.kind === 'success' ? 'status' : 'alert'} data-testid={`restore-${result.kind}`} className={result.kind === 'success' ? 'notice notice--success' : 'form-alert'}>
          {result.kind === 'success'
            ? t('account.restoreEmail.success', { email: result.email })
            : result.kind === 'error'
              ? result.message
              : t(`account.restoreEmail.${result.kind}`)}
        </div>
      )}
      <p className="form__switch">
        <Link href={href('recoverPassword')}>{t('account.restoreEmail.resetPassword')}</Link>
        {' · '}
        <Link href={href('home')}>{t('account.confirmEmail.goHome')}</Link>
      </p>
    </Page>
  );
}
