// The app shell's bottom tabs (telegram-ui Tabbar): My work, Issues, Inbox (with its unread badge),
// Projects, and More (a sheet with the other places).
import { Tabbar } from '@telegram-apps/telegram-ui/dist/components/Layout/Tabbar/Tabbar';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { useInboxUnread } from '../../features/inbox/index.ts';
import { useHeightVar } from '../../lib/use-height-var.ts';
import { useHref } from '../../lib/use-locale.ts';
import { currentTab, TABS, tabPaths } from './tabs.ts';

// The sheet (and the dialog library under it) loads when More is pressed, not with the shell.
const MoreSheet = lazy(() => import('./MoreSheet.tsx').then((m) => ({ default: m.MoreSheet })));

export function TabBar() {
  const { t } = useTranslation();
  const href = useHref();
  const [location, navigate] = useLocation();
  const current = currentTab(location, tabPaths((route) => href(route)));
  const holder = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const unread = useInboxUnread();
  // The shell's bottom padding clears the bar: its real height, text size and safe area included.
  useHeightVar(holder, '--tabbar-h', { measure: (h) => h.firstElementChild, host: (h) => h.closest<HTMLElement>('.layout') });
  return (
    // A box-less holder: telegram-ui's Tabbar takes no ref, and its element is what is measured.
    <div ref={holder} className="tabbar">
      <Tabbar className="tabbar__bar" role="navigation" aria-label={t('common.shell.tabs.label')} data-testid="tabbar">
        {[
          ...TABS.map((tab) => (
            <Tabbar.Item
              key={tab.id}
              text={t(`common.shell.tabs.${tab.id}`)}
              selected={current === tab.id}
              aria-current={current === tab.id ? 'page' : undefined}
              data-testid={`tab-${tab.id}`}
              onClick={() => navigate(href(tab.route))}
            >
              <span className="tabbar__icon">
                <Icon name={tab.icon} size={26} />
                {tab.id === 'inbox' && unread > 0 && (
                  <span className="count-badge tabbar__badge" aria-label={t('common.shell.tabs.unread', { count: unread })} data-testid="tab-inbox-badge">
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </span>
            </Tabbar.Item>
          )),
          <Tabbar.Item
            key="more"
            text={t('common.shell.tabs.more')}
            selected={current === 'more'}
            aria-current={current === 'more' ? 'page' : undefined}
            aria-haspopup="dialog"
            data-testid="tab-more"
            onClick={() => setMore(true)}
          >
            <span className="tabbar__icon">
              <Icon name="lucide:menu" size={26} />
            </span>
          </Tabbar.Item>,
        ]}
      </Tabbar>
      {more && (
        <Suspense fallback={null}>
          <MoreSheet onClose={() => setMore(false)} />
        </Suspense>
      )}
    </div>
  );
}
