import '../../../styles/account.css';
// /user/confirm-email?token=… — confirms once and shows the result (success, expired, used, invalid).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';
import { errorText } from '../../../lib/error-text.ts';
import { refusalOf } from '../../../lib/error-text.ts';
import { accountApi } from '../../../lib/api/account.ts';
import { auth } from '../../../lib/auth.ts';
import { hydrateSession } from '../api.ts';

type Result = { kind: 'checking' } | { kind: 'success'; email: string } | { kind: 'expired' | 'used' | 'invalid' | 'missing' | 'error'; message?: string };
const BY_CODE: Record<string, 'expired' | 'used' | 'invalid'> = { token_expired: 'expired', token_used: 'used', token_invalid: 'invalid', validation: 'invalid' };

export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const href = useHref();
  const token = new URLSearchParams(useSearch()).get('token');
  const [result, setResult] = useState<Result>(token ? { kind: 'checking' } : { kind: 'missing' });

  useEffect(() => {
    if (!token) return;
    let live = true;
    accountApi.confirmEmail(token).then(
      ({ email }) => {
        if (!live) return;
        setResult({ kind: 'success', email });
        // A signed-in reader's user now has email_confirmed_at: the reminder stops.
        if (auth.state.user) void hydrateSession();
      },
      (err: unknown) => {
        if (!live) return;
        const code = refusalOf(err)?.data.code ?? '';
        setResult(BY_CODE[code] ? { kind: BY_CODE[code]! } : { kind: 'error', message: errorText(err, t) });
      },
    );
    return () => {
      live = false;
    };
  }, [token, t]);

  return (
    <Page name="confirmEmail" className="auth">
      {result.kind === 'checking' ? (
        <Loading />
      ) : (
        <div role={result.kind === 'success' ? 'status' : 'alert'} data-testid={`confirm-${result.kind}`} className={result.kind === 'success' ? 'notice notice--success' : 'form-alert'}>
          {result.kind === 'success'
            ? t('account.confirmEmail.success', { email: result.email })
            : result.kind === 'error'
              ? result.message
              : t(`account.confirmEmail.${result.kind}`)}
        </div>
      )}
      <p className="form__switch">
        <Link href={href('home')}>{t('account.confirmEmail.goHome')}</Link>
        {' · '}
        <Link href={href('profile')}>{t('account.confirmEmail.goProfile')}</Link>
      </p>
    </Page>
  );
}
