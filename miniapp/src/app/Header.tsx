import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ColorModeSwitch } from '../components/ColorModeSwitch.tsx';
import { LangSwitch } from '../components/LangSwitch.tsx';
import { UserMenu, useIsAdmin } from '../features/auth/components/UserMenu.tsx';
import { saveAccountLocale } from '../features/users/index.ts';
import { useHref } from '../lib/use-locale.ts';

const NAV = ['issues', 'projects', 'streams', 'calendar', 'blog'] as const;

export function Header() {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  const isAdmin = useIsAdmin();
  const items: { name: (typeof NAV)[number] | 'admin'; label: string }[] = NAV.map((name) => ({ name, label: t(`common.nav.${name}`) }));
  if (isAdmin) items.push({ name: 'admin', label: t('common.nav.admin') });

  return (
    <header className="header">
      <div className="header__bar">
        <Link href={href('home')} className="header__brand">
          <img src="/icons/icon.svg" alt="" width="28" height="28" />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="header__tools">
          <LangSwitch onSwitch={saveAccountLocale} />
          <ColorModeSwitch />
          <UserMenu />
        </div>
      </div>
      <nav aria-label={t('common.nav.label')} className="header__nav">
        <ul>
          {items.map((item) => {
            const to = href(item.name);
            const current = location === to || location.startsWith(`${to}/`);
            return (
              <li key={item.name}>
                <Link href={to} aria-current={current ? 'page' : undefined} data-testid={`nav-${item.name}`}>
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
