import type { Webhook } from '@tracker/shared/api/webhooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { webhooksApi } from '../api.ts';
import { useErrorText } from '../errors.ts';
import '../webhooks.css';
import { WebhookCard } from './WebhookCard.tsx';
import { WebhookForm } from './WebhookForm.tsx';

/** The project's webhooks (owners and admins): the list, "Add webhook", each one's card and log. */
export function WebhooksSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let live = true;
    webhooksApi.list(projectId).then(
      (r) => live && setHooks(r.webhooks),
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [projectId, errorText]);

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
