// /user — the signed-in user's own page.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Page } from '../../../components/Page.tsx';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { auth } from '../../../lib/auth.ts';
import { Avatar } from '../components/Avatar.tsx';
import '../../../styles/account.css';
import { formatDate } from '../../../lib/dates.ts';

export default function MePage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const { user } = useSnapshot(auth.state);
  if (!user) return <Page name="me" />;
  const status = (confirmed: string | null) => (
    <span className={confirmed ? 'badge-status' : 'badge-status badge-status--no'}>{t(confirmed ? 'account.profile.confirmed' : 'account.profile.notConfirmed')}</span>
  );
  return (
    <Page name="me" title={user.name}>
      <div className="profile-card">
        <Avatar name={user.name} url={user.avatar_url} large />
        <p className="muted">{t('account.me.memberSince', { date: formatDate(user.created_at, locale, { year: 'numeric', month: 'numeric', day: 'numeric' }) })}</p>
      </div>
      <dl className="profile-facts">
        <dt>{t('account.me.email')}</dt>
        <dd data-testid="me-email">
          {user.email ?? t('account.me.none')}
          {user.email && status(user.email_confirmed_at)}
          {user.pending_email && (
            <span className="muted" data-testid="me-pending-email">
              {' '}
              {t('account.me.pendingEmail', { email: user.pending_email })}
            </span>
          )}
        </dd>
        <dt>{t('account.me.phone')}</dt>
        <dd data-testid="me-phone">
          {user.phone ?? t('account.me.none')}
          {user.phone && status(user.phone_confirmed_at)}
        </dd>
      </dl>
      <p className="profile-links">
        <Link href={href('profile')}>{t('account.me.editProfile')}</Link>
        <Link href={href('changePassword', { id: user.id })}>{t('account.profile.changePassword')}</Link>
      </p>
    </Page>
  );
}
