import type { Webhook } from '@tracker/shared/api/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useQuery } from '../../../lib/query.ts';
import { webhooksApi } from '../api.ts';
import '../webhooks.css';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookForm } from './WebhookForm.tsx';
import { errorText } from '../../../lib/error-text.ts';

/** The project's webhooks (owners and admins): the list, "Add webhook", each one's card and log. */
export function WebhooksSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const asked = useQuery(['webhooks', projectId], () => webhooksApi.list(projectId).then((r) => r.webhooks));
  const { data: hooks, setData: setHooks } = asked;
  const error = asked.error ? errorText(asked.error, t) : null;
  const [adding, setAdding] = useState(false);

  const replace = (next: Webhook) => setHooks((list) => (list ?? []).map((h) => (h.id === next.id ? next : h)));

  return (
    <div className="editor webhooks-editor" data-testid="webhooks-editor">
      <p>{t('webhooks.intro')}</p>
      <FormAlert message={error} />
      {hooks && !hooks.length && !adding && <p className="webhook__meta">{t('webhooks.empty')}</p>}
      <ul className="rows">
        {(hooks ?? []).map((hook) => (
          <WebhookCard key={hook.id} hook={hook} onChange={replace} onRemoved={() => setHooks((list) => (list ?? []).filter((h) => h.id !== hook.id))} />
        ))}
      </ul>
      {adding ? (
        <WebhookForm
          submitLabel={t('webhooks.create')}
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            const { webhook } = await webhooksApi.create(projectId, values);
            setHooks((list) => [...(list ?? []), webhook]);
            setAdding(false);
          }}
        />
      ) : (
        hooks && (
          <div>
            <Button variant="primary" size="small" onClick={() => setAdding(true)} data-testid="webhook-add">
              {t('webhooks.add')}
            </Button>
          </div>
        )
      )}
    </div>
  );
}
