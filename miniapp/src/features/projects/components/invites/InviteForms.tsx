// Two ways to invite: an e-mail (one use, mailed in the inviter's language) and a link with a role,
// a validity in days and an optional limit of uses. The server checks every value.
import type { CreatedInviteResponse, CreateInviteInput } from '@tracker/shared/api/invites';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX } from '@tracker/shared/api/values/invites';
import type { ProjectRole } from '@tracker/shared/api/projects';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { invitesApi } from '../../api.ts';
import { RoleOptions } from '../RoleOptions.tsx';
import { errorText } from '../../../../lib/error-text.ts';

export type CreatedInvite = CreatedInviteResponse;

export function InviteForms({ projectId, onCreated }: { projectId: number; onCreated: (created: CreatedInvite) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState<'email' | 'link' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(kind: 'email' | 'link', body: CreateInviteInput, form: HTMLFormElement) {
    setBusy(kind);
    setError(null);
    try {
      onCreated(await invitesApi.create(projectId, body));
      if (kind === 'email') form.reset();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(null);
    }
  }

  const value = (e: FormEvent<HTMLFormElement>, name: string) => String(new FormData(e.currentTarget).get(name) ?? '').trim();
  const roles = (name: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t('projects.invites.role')}</label>
      <select id={`${id}-${name}`} name="role" defaultValue="member" data-testid={`invite-${name}`}>
        <RoleOptions />
      </select>
    </div>
  );

  return (
    <>
      <FormAlert message={error} />
      <form
        className="addrow"
        aria-busy={busy === 'email'}
        data-testid="invite-email-form"
        onSubmit={(e) => {
          e.preventDefault();
          void send('email', { kind: 'email', email: value(e, 'email'), role: value(e, 'role') as ProjectRole }, e.currentTarget);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('projects.invites.byEmail')}</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="off" required data-testid="invite-email" />
        </div>
        {roles('email-role')}
        <Button type="submit" variant="primary" size="small" disabled={busy !== null} data-testid="invite-send">
          {t('projects.invites.send')}
        </Button>
      </form>
      <form
        className="addrow"
        aria-busy={busy === 'link'}
        data-testid="invite-link-form"
        onSubmit={(e) => {
          e.preventDefault();
          const uses = value(e, 'maxUses');
          void send('link', { kind: 'link', role: value(e, 'role') as ProjectRole, expiresInDays: Number(value(e, 'days')), maxUses: uses ? Number(uses) : null }, e.currentTarget);
        }}
      >
        {roles('link-role')}
        <div className="field">
          <label htmlFor={`${id}-days`}>{t('projects.invites.days')}</label>
          <input id={`${id}-days`} name="days" type="number" min={1} max={INVITE_DAYS_MAX} defaultValue={INVITE_DAYS_DEFAULT} required data-testid="invite-days" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-uses`}>{t('projects.invites.maxUses')}</label>
          <input id={`${id}-uses`} name="maxUses" type="number" min={1} max={INVITE_USES_MAX} placeholder={t('projects.invites.maxUsesHint')} data-testid="invite-max-uses" />
        </div>
        <Button type="submit" variant="primary" size="small" disabled={busy !== null} data-testid="invite-create-link">
          {t('projects.invites.create')}
        </Button>
      </form>
    </>
  );
}
