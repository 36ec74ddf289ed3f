// The new token's secret, shown this once with a copy button.
import type { CreateApiTokenResponse } from '@tracker/shared/api/api-tokens';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';

export function ApiTokenCreated({ created, onDone }: { created: CreateApiTokenResponse; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure context, a webview's permissions): select the text instead.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <div className="api-tokens__created" role="status" data-testid="api-token-created">
      <p className="api-tokens__once">{t('account.apiTokens.created', { name: created.apiToken.name })}</p>
      <p className="api-tokens__warning">{t('account.apiTokens.shownOnce')}</p>
      <div className="field">
        <label htmlFor={id}>{t('account.apiTokens.token')}</label>
        <div className="api-tokens__secret">
          <input id={id} readOnly value={created.token} spellCheck={false} data-testid="api-token-secret" onFocus={(e) => e.target.select()} />
          <Button type="button" size="s" mode="bezeled" onClick={() => void copy()} data-testid="api-token-copy">
            {copied ? t('account.apiTokens.copied') : t('account.apiTokens.copy')}
          </Button>
        </div>
      </div>
      <Button type="button" size="s" mode="plain" onClick={onDone} data-testid="api-token-done">
        {t('account.apiTokens.done')}
      </Button>
    </div>
  );
}
