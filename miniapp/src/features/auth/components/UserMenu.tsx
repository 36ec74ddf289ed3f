import { can } from '@tracker/shared/permissions';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { Tooltip } from '../../../components/Tooltip.tsx';
import { log } from '../../../lib/logger.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { signOut } from '../api.ts';
import { auth } from '../../../lib/auth.ts';

/** Header account area: sign-in/sign-up links for visitors, name and sign-out for users. */
export function UserMenu() {
  const { t } = useTranslation();
  const snap = useSnapshot(auth.state);
  const href = useHref();

  if (!snap.hydrated) return <div className="user-menu user-menu--pending" aria-hidden="true" />;
  if (!snap.user) {
    return (
      <div className="user-menu">
        <Link href={href('login')} className={buttonClass({ size: 'small', className: 'user-menu__action' })}>
          {t('common.user.signIn')}
        </Link>
        <Link href={href('register')} className={buttonClass({ variant: 'primary', size: 'small', className: 'user-menu__action user-menu__signup' })}>
          {t('common.user.signUp')}
        </Link>
      </div>
    );
  }

  return (
    <div className="user-menu" data-testid="user-menu" aria-label={t('common.user.menuLabel')} role="group">
      <Tooltip content={t('common.user.signedInAs', { name: snap.user.name })}>
        <Link href={href('me')} className="user-menu__name">
          {snap.user.name}
        </Link>
      </Tooltip>
      <SignOutButton />
    </div>
  );
}

/** Signs out, says so, and goes to the home page (also on the app shell's Profile tab). */
export function SignOutButton() {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const onLogout = async () => {
    try {
      await signOut();
    } catch (err) {
      log.warn('logout request failed', err);
    }
    toast({ title: t('auth.signedOut'), color: 'info' });
    navigate(href('home'));
  };
  return (
    <Button size="small" className="user-menu__action" data-testid="logout" onClick={onLogout}>
      {t('common.user.signOut')}
    </Button>
  );
}

export function useIsAdmin(): boolean {
  const snap = useSnapshot(auth.state);
  return can(snap.user?.roles, 'admin.access');
}
