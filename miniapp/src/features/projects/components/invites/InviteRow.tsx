// One open invite: how (an e-mail or a link), the role, uses, expiry and Revoke.
import type { Invite } from '@tracker/shared/api/invites';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { formatDate } from '../../../../lib/dates.ts';
import { useLocale } from '../../../../lib/use-locale.ts';

export function InviteRow({ invite, onRevoke }: { invite: Invite; onRevoke: () => void }) {
  const { t } = useTranslation();
  const until = formatDate(invite.expiresAt, useLocale());
  const uses = invite.maxUses === null ? t('projects.invites.uses', { count: invite.uses }) : t('projects.invites.usesOf', { uses: invite.uses, max: invite.maxUses });
  return (
    <li className="row" data-testid="invite-row" data-kind={invite.kind}>
      <span className="row__grow">
        {t(`projects.invites.kind.${invite.kind}`, { email: invite.email })} · {t(`projects.roles.${invite.role}`)}
        <span className="muted">
          {' · '}
          {uses} · {t('projects.invites.expires', { date: until })}
        </span>
      </span>
      <Button size="small" onClick={onRevoke} data-testid="invite-revoke">
        {t('projects.invites.revoke')}
      </Button>
    </li>
  );
}
