// The app shell's bottom tabs (telegram-ui Tabbar): My work, Issues, Projects, Calendar, Profile.
import { Tabbar } from '@telegram-apps/telegram-ui/dist/components/Layout/Tabbar/Tabbar';
import type { RouteName } from '@tracker/shared/routes';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { useHref } from '../../lib/use-locale.ts';

export const TABS: readonly { id: string; route: RouteName; icon: string; also?: readonly RouteName[] }[] = [
  { id: 'myWork', route: 'home', icon: 'lucide:list-checks' },
  { id: 'issues', route: 'issues', icon: 'lucide:list-todo' },
  { id: 'projects', route: 'projects', icon: 'lucide:folder-kanban' },
  { id: 'calendar', route: 'calendar', icon: 'lucide:calendar' },
  { id: 'profile', route: 'profile', icon: 'lucide:circle-user', also: ['me'] },
];

/** The tab a path belongs to: the home tab only on the home path itself, the others on their subtree too. */
export function currentTab(location: string, paths: readonly { id: string; paths: readonly string[]; exact: boolean }[]): string | null {
  for (const tab of paths) {
    if (tab.paths.some((p) => location === p || (!tab.exact && location.startsWith(`${p}/`)))) return tab.id;
  }
  return null;
}

export function TabBar() {
  const { t } = useTranslation();
  const href = useHref();
  const [location, navigate] = useLocation();
  const paths = TABS.map((tab) => ({ id: tab.id, paths: [tab.route, ...(tab.also ?? [])].map((r) => href(r)), exact: tab.route === 'home' || !!tab.also }));
  const current = currentTab(location, paths);
  return (
    <Tabbar className="tabbar__bar" role="navigation" aria-label={t('common.shell.tabs.label')} data-testid="tabbar">
      {TABS.map((tab) => (
        <Tabbar.Item
          key={tab.id}
          text={t(`common.shell.tabs.${tab.id}`)}
          selected={current === tab.id}
          aria-current={current === tab.id ? 'page' : undefined}
          data-testid={`tab-${tab.id}`}
          onClick={() => navigate(href(tab.route))}
        >
          <Icon name={tab.icon} size={26} />
        </Tabbar.Item>
      ))}
    </Tabbar>
  );
}
