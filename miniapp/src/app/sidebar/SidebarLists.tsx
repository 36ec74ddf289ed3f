// The sidebar's projects (key and colour, the recently opened first) and saved views, from the store.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ColorDot } from '../../components/ColorDot.tsx';
import { fromView, toSearch } from '../../features/issues/filters/url.ts';
import { useStoreReference } from '../../store/index.ts';
import { useHref } from '../../lib/use-locale.ts';
import { orderByRecent, projectKeyOf, readRecent, rememberRecent } from './recent-projects.ts';

const SHOWN = 8;

export function SidebarLists({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const href = useHref();
  const [location] = useLocation();
  const store = useStoreReference();
  const [recent, setRecent] = useState(readRecent);
  const key = projectKeyOf(location);
  useEffect(() => {
    // Already the most recent (an issue of the project just shown): no new list, no render.
    if (key) setRecent((list) => (list[0] === key ? list : rememberRecent(key)));
  }, [key]);
  const projects = useMemo(() => orderByRecent(store?.projects ?? [], recent).slice(0, SHOWN), [store, recent]);
  const projectsHref = href('projects');
  const inProjects = location === projectsHref;

  return (
    <div className="sidebar__lists">
      <section aria-labelledby="sidebar-projects">
        <h2 id="sidebar-projects" className="sidebar__heading">
          <Link href={projectsHref} className="sidebar__link" aria-current={inProjects ? 'page' : undefined} data-testid="nav-projects" title={collapsed ? t('common.nav.projects') : undefined}>
            <span className="sidebar__glyph" aria-hidden="true">
              ▦
            </span>
            <span className="sidebar__label">{t('common.nav.projects')}</span>
          </Link>
        </h2>
        <ul className="sidebar__nav">
          {projects.map((p) => {
            const to = href('project', { id: p.key });
            return (
              <li key={p.id}>
                <Link href={to} className="sidebar__link" aria-current={location === to ? 'page' : undefined} title={collapsed ? `${p.key} · ${p.name}` : undefined} data-testid="sidebar-project">
                  <ColorDot color={p.color} className="sidebar__dot" />
                  <span className="sidebar__label">{p.name}</span>
                  <span className="sidebar__key">{p.key}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {!collapsed && store && store.views.length > 0 && (
        <section aria-labelledby="sidebar-views">
          <h2 id="sidebar-views" className="sidebar__heading sidebar__heading--text">
            {t('common.sidebar.views')}
          </h2>
          <ul className="sidebar__nav">
            {store.views.map((v) => (
              <li key={v.id}>
                <Link href={href('issues') + toSearch(fromView(v))} className="sidebar__link" data-testid="sidebar-view">
                  <span className="sidebar__glyph" aria-hidden="true">
                    ☰
                  </span>
                  <span className="sidebar__label">{v.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
