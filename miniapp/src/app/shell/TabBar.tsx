// The app shell's bottom tabs (telegram-ui Tabbar): My work, Issues, Inbox (with its unread badge),
// Projects, and More (a sheet with the other places).
import { Tabbar } from '@telegram-apps/telegram-ui/dist/components/Layout/Tabbar/Tabbar';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { useInboxUnread } from '../../features/inbox/index.ts';
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
  useBarHeight(holder);
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
                  <span className="tabbar__badge" aria-label={t('common.shell.tabs.unread', { count: unread })} data-testid="tab-inbox-badge">
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

/**
 * Keeps the shell's --tabbar-h at the bar's real height, so the page's bottom padding clears it:
 * the height changes with the text size, the labels' font and the safe area.
 */
function useBarHeight(holder: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = holder.current?.firstElementChild;
    const layout = holder.current?.closest<HTMLElement>('.layout');
    if (!el || !layout) return;
    const set = () => layout.style.setProperty('--tabbar-h', `${el.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      layout.style.removeProperty('--tabbar-h');
    };
  }, [holder]);
}
