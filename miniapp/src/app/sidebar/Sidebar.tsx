// The desktop app's left sidebar (issue 15): where work is, what concerns me, and my account.
// Collapsible to icons (its button or `[`); the lists of projects and views come from the store.
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { buttonClass } from '../../components/Button.tsx';
import { ColorModeSwitch } from '../../components/ColorModeSwitch.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LangSwitch } from '../../components/LangSwitch.tsx';
import { auth } from '../../lib/auth.ts';
import { useInboxUnread } from '../../features/inbox/index.ts';
import { SignOutButton, useIsAdmin } from '../../features/auth/components/UserMenu.tsx';
import { openPalette, viewedProject } from '../../features/palette/index.ts';
import { isPageKey } from '../../lib/page-keys.ts';
import { createIssueClick } from '../../lib/create-issue.ts';
import { saveAccountLocale } from '../../features/users/index.ts';
import { initials } from '../../lib/initials.ts';
import { useHref } from '../../lib/use-locale.ts';
import { sidebar, toggleSidebar } from './collapse.ts';
import { SidebarLists } from './SidebarLists.tsx';
import './sidebar.css';

interface Item {
  id: string;
  to: string;
  icon: string;
  label: string;
  badge?: ReactNode;
  /** Only the path itself is current, not its subtree (My issues is `/`). */
  exact?: boolean;
}

export function Sidebar() {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  const { collapsed } = useSnapshot(sidebar);
  const isAdmin = useIsAdmin();
  const unread = useInboxUnread();
  useToggleKey();

  const items: Item[] = [
    { id: 'myIssues', to: href('home'), icon: 'lucide:list-checks', label: t('common.nav.myIssues'), exact: true },
    {
      id: 'inbox',
      to: href('inbox'),
      icon: 'lucide:inbox',
      label: t('common.nav.inbox'),
      badge: unread > 0 && (
        <span className="count-badge sidebar__badge" data-testid="sidebar-inbox-unread" aria-label={t('common.sidebar.unread', { count: unread })}>
          {unread > 99 ? '99+' : unread}
        </span>
      ),
    },
    { id: 'issues', to: href('issues'), icon: 'lucide:list-todo', label: t('common.nav.issues') },
    { id: 'streams', to: href('streams'), icon: 'lucide:waves', label: t('common.nav.streams') },
    { id: 'calendar', to: href('calendar'), icon: 'lucide:calendar', label: t('common.nav.calendar') },
    { id: 'timeline', to: href('timeline'), icon: 'lucide:chart-gantt', label: t('common.nav.timeline') },
    { id: 'timesheet', to: href('timesheet'), icon: 'lucide:timer', label: t('common.nav.timesheet') },
    { id: 'insights', to: href('insights'), icon: 'lucide:chart-column', label: t('common.nav.insights') },
  ];
  if (isAdmin) items.push({ id: 'admin', to: href('admin'), icon: 'lucide:shield', label: t('common.nav.admin') });
  const here = location.length > 1 ? location.replace(/\/$/, '') : location;
  const current = (item: Item) => here === item.to || (!item.exact && here.startsWith(`${item.to}/`));

  return (
    <nav className="sidebar" aria-label={t('common.nav.label')} data-testid="sidebar" data-collapsed={collapsed || undefined}>
      <div className="sidebar__top">
        <Link href={href('home')} className="sidebar__brand" aria-label={collapsed ? t('common.productName') : undefined}>
          <img src="/icons/icon.svg" alt="" width="24" height="24" />
          {!collapsed && <span>{t('common.productName')}</span>}
        </Link>
        <button type="button" className="sidebar__icon-btn" aria-expanded={!collapsed} aria-label={t(collapsed ? 'common.sidebar.expand' : 'common.sidebar.collapse')} title={`${t(collapsed ? 'common.sidebar.expand' : 'common.sidebar.collapse')} ([)`} onClick={toggleSidebar} data-testid="sidebar-toggle">
          <Icon name={collapsed ? 'lucide:panel-left-open' : 'lucide:panel-left-close'} size={18} />
        </button>
      </div>
      <div className="sidebar__actions">
        <Link href={href('issueCreate')} onClick={(e) => createIssueClick(viewedProject(window.location.search, window.location.pathname))(e)} className={buttonClass({ variant: 'primary', size: 'small', className: 'sidebar__new' })} data-testid="sidebar-new" aria-label={collapsed ? t('common.sidebar.newIssue') : undefined}>
          <Icon name="lucide:plus" size={16} />
          {!collapsed && <span>{t('common.sidebar.newIssue')}</span>}
        </Link>
        <button type="button" className="sidebar__icon-btn" onClick={openPalette} aria-label={t('common.sidebar.search')} title={`${t('common.sidebar.search')} (Ctrl+K)`} data-testid="sidebar-search">
          <Icon name="lucide:search" size={18} />
        </button>
      </div>
      <ul className="sidebar__nav">
        {items.map((item) => (
          <li key={item.id}>
            <Link href={item.to} className="sidebar__link" aria-current={current(item) ? 'page' : undefined} data-testid={`nav-${item.id}`} title={collapsed ? item.label : undefined}>
              <Icon name={item.icon} size={18} />
              <span className="sidebar__label">{item.label}</span>
              {item.badge}
            </Link>
          </li>
        ))}
      </ul>
      <SidebarLists collapsed={collapsed} />
      <UserArea collapsed={collapsed} />
    </nav>
  );
}

function UserArea({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  const { user } = useSnapshot(auth.state);
  if (!user) return null;
  return (
    <div className="sidebar__user" data-testid="user-menu" role="group" aria-label={t('common.user.menuLabel')}>
      <Link href={href('profile')} className="sidebar__me" title={collapsed ? user.name : undefined}>
        <span className="sidebar__avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="sidebar__label">{user.name}</span>
      </Link>
      {!collapsed && (
        <div className="sidebar__tools">
          <LangSwitch onSwitch={saveAccountLocale} />
          <ColorModeSwitch />
          <SignOutButton />
        </div>
      )}
    </div>
  );
}

/** `[` collapses or expands the sidebar, as in Linear. */
function useToggleKey() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '[' || e.ctrlKey || e.metaKey || e.altKey || !isPageKey(e)) return;
      e.preventDefault();
      toggleSidebar();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
