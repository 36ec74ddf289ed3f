// The app shell's bottom tabs (telegram-ui Tabbar): My work, Issues, Projects, Calendar, Profile.
import { Tabbar } from '@telegram-apps/telegram-ui/dist/components/Layout/Tabbar/Tabbar';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { useHref } from '../../lib/use-locale.ts';
import { currentTab, TABS, tabPaths } from './tabs.ts';

export function TabBar() {
  const { t } = useTranslation();
  const href = useHref();
  const [location, navigate] = useLocation();
  const current = currentTab(location, tabPaths((route) => href(route)));
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
