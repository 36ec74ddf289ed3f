// The new token's secret, shown this once with a copy button.
import type { CreateApiTokenResponse } from '@tracker/shared/api/api-tokens';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { CopyField } from '../../../../components/CopyField.tsx';

export function ApiTokenCreated({ created, onDone }: { created: CreateApiTokenResponse; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="api-tokens__created" role="status" data-testid="api-token-created">
      <p className="api-tokens__once">{t('account.apiTokens.created', { name: created.apiToken.name })}</p>
      <p className="api-tokens__warning">{t('account.apiTokens.shownOnce')}</p>
      <CopyField label={t('account.apiTokens.token')} value={created.token} testId="api-token-secret" />
      <Button size="small" variant="link" onClick={onDone} data-testid="api-token-done">
        {t('account.apiTokens.done')}
      </Button>
    </div>
  );
}
