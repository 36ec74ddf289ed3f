// The project's open invites (issue 26): who was invited how, uses and expiry, Revoke; and the forms
// that make new ones. A new link's addresses are shown once, as the server keeps only their hash.
import type { Invite } from '@tracker/shared/api/invites';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../../components/CopyField.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { invitesApi } from '../../api.ts';
import { toast } from '../../../../lib/toasts.ts';
import { confirmAction } from '../../../../platform/confirm.ts';
import { useQuery } from '../../../../lib/query.ts';
import { InviteForms, type CreatedInvite } from './InviteForms.tsx';
import { InviteRow } from './InviteRow.tsx';
import { errorText } from '../../../../lib/error-text.ts';

export function InvitesPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const list = useQuery(['project', 'invites', projectId], () => invitesApi.list(projectId));
  const [created, setCreated] = useState<CreatedInvite | null>(null);

  function onCreated(result: CreatedInvite) {
    list.setData((prev) => [result.invite, ...(prev ?? [])]);
    if (result.invite.kind === 'link') setCreated(result);
    else toast({ title: t('projects.invites.sent', { email: result.invite.email }), color: 'success' });
  }

  async function revoke(invite: Invite) {
    if (!(await confirmAction({ title: t('projects.invites.revokeTitle'), message: t('projects.invites.revokeText'), confirmText: t('projects.invites.revoke'), destructive: true }))) return;
    try {
      await invitesApi.revoke(projectId, invite.id);
      list.setData((prev) => (prev ?? []).filter((i) => i.id !== invite.id));
      if (created?.invite.id === invite.id) setCreated(null);
      toast({ title: t('projects.invites.revoked'), color: 'success' });
    } catch (err) {
      toast({ title: errorText(err, t), color: 'error' });
    }
  }

  return (
    <div className="editor" data-testid="invites-panel">
      <p className="muted">{t('projects.invites.hint')}</p>
      <InviteForms projectId={projectId} onCreated={onCreated} />
      {created && (
        <div role="status" className="invite-created" data-testid="invite-created">
          <p>{t('projects.invites.created')}</p>
          <CopyField label={t('projects.invites.webLink')} value={created.url} testId="invite-url" />
          {created.telegramUrl && <CopyField label={t('projects.invites.telegramLink')} value={created.telegramUrl} testId="invite-telegram-url" />}
        </div>
      )}
      {list.error ? <FormAlert message={errorText(list.error, t)} /> : null}
      {list.data && (list.data.length ? (
        <ul className="rows" data-testid="invite-list">
          {list.data.map((invite) => (
            <InviteRow key={invite.id} invite={invite} onRevoke={() => void revoke(invite)} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('projects.invites.none')}</p>
      ))}
    </div>
  );
}
