// /user/profile section: personal access tokens (issue 17). The secret is shown once, right after
// it is made; the list shows name, scope and dates, never the secret; revoking asks first.
import type { ApiToken, CreateApiTokenResponse } from '@tracker/shared/api/api-tokens';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { confirmAction } from '../../../../platform/confirm.ts';
import { useQuery } from '../../../../lib/query.ts';
import { toast } from '../../../../lib/toasts.ts';
import { apiTokensApi } from '../../api-tokens.ts';
import { ApiTokenCreated } from './ApiTokenCreated.tsx';
import { ApiTokenForm } from './ApiTokenForm.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { formatDate, formatDateTime } from '../../../../lib/dates.ts';
import { useLocale } from '../../../../lib/use-locale.ts';

export function ApiTokens() {
  const { t } = useTranslation();
  const locale = useLocale();
  const asked = useQuery(['users', 'apiTokens'], () => apiTokensApi.list().then((r) => r.tokens));
  const { data: tokens, setData: setTokens } = asked;
  const loadError = asked.error ? errorText(asked.error, t, { fallback: 'account.apiTokens.loadError' }) : null;
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);

  const day = (iso: string) => formatDate(iso, locale);
  const moment = (iso: string) => formatDateTime(iso, locale);

  function onCreated(result: CreateApiTokenResponse) {
    setCreated(result);
    setTokens((list) => [result.apiToken, ...(list ?? [])]);
  }

  async function revoke(token: ApiToken) {
    const ok = await confirmAction({
      title: t('account.apiTokens.revokeTitle'),
      message: t('account.apiTokens.revokeText', { name: token.name }),
      confirmText: t('account.apiTokens.revoke'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await apiTokensApi.revoke(token.id);
      setTokens((list) => (list ?? []).filter((x) => x.id !== token.id));
      if (created?.id === token.id) setCreated(null);
      toast({ title: t('account.apiTokens.revoked'), color: 'success' });
    } catch (err) {
      toast({ title: t('account.apiTokens.revokeFailed'), description: errorText(err, t), color: 'error' });
    }
  }

  const expiry = (token: ApiToken) => {
    if (!token.expiresAt) return t('account.apiTokens.noExpiry');
    const past = Date.parse(token.expiresAt) <= Date.now();
    return t(past ? 'account.apiTokens.expiredAt' : 'account.apiTokens.expiresAt', { date: day(token.expiresAt) });
  };

  return (
    <section className="api-tokens" aria-labelledby="api-tokens-title" data-testid="api-tokens">
      <h2 id="api-tokens-title">{t('account.apiTokens.title')}</h2>
      <p className="muted">{t('account.apiTokens.intro')}</p>
      {created ? <ApiTokenCreated created={created} onDone={() => setCreated(null)} /> : <ApiTokenForm onCreated={onCreated} />}

      <h3>{t('account.apiTokens.mine')}</h3>
      <FormAlert message={loadError} />
      {tokens && tokens.length === 0 && <p className="muted">{t('account.apiTokens.none')}</p>}
      {tokens && tokens.length > 0 && (
        <ul className="api-tokens__list" data-testid="api-token-list">
          {tokens.map((token) => (
            <li key={token.id} data-testid={`api-token-${token.id}`}>
              <div className="api-tokens__head">
                <strong className="api-tokens__name">{token.name}</strong>
                <span className={`api-tokens__scope api-tokens__scope--${token.scope}`}>{t(`account.apiTokens.scopes.${token.scope}`)}</span>
              </div>
              <ul className="api-tokens__meta muted">
                <li>{t('account.apiTokens.createdAt', { date: day(token.createdAt) })}</li>
                <li>{token.lastUsedAt ? t('account.apiTokens.lastUsed', { date: moment(token.lastUsedAt) }) : t('account.apiTokens.neverUsed')}</li>
                <li>{expiry(token)}</li>
              </ul>
              <Button size="small" variant="link" className="api-tokens__revoke" onClick={() => void revoke(token)} data-testid={`api-token-revoke-${token.id}`}>
                {t('account.apiTokens.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
