// Ctrl/⌘+K: one box to jump to an issue (by key or text), a project, a stream or a page.
import { buildPath, ROUTES, type RouteName } from '@tracker/shared/routes';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Dialog } from '../../components/Dialog.tsx';
import { paletteSearch } from './api.ts';
import { useMe } from '../../lib/auth.ts';
import { useQuery } from '../../lib/query.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { useSnapshot } from 'valtio';
import { searchStore, syncState } from '../../store/index.ts';
import { asIssueKey, viewedProject } from './keys.ts';
import { contextIssueKey, cycleActions, globalActions, issueActions, matchAction, type CycleItem, type PaletteAction } from './actions.ts';
import { cycleTitle, projectCycle } from '../../lib/cycles.ts';
import { runAction } from './run-action.ts';
import { colorMode } from '../../lib/color-mode.ts';
import { switchLocalePath } from '../../lib/locale.ts';
import type { Locale } from '@tracker/shared/locales';
import type { IssueListItem } from '@tracker/shared/api/issues';
import './palette.css';

interface Item {
  id: string;
  group: 'actions' | 'issues' | 'projects' | 'streams' | 'pages';
  label: string;
  hint?: string;
  path?: string;
  action?: PaletteAction;
}

// Pages worth jumping to: no path parameters, not the sign-in flow.
const PAGE_NAMES = ROUTES.filter((r) => !r.path.includes(':') && !r.path.startsWith('/user/') && r.name !== 'blog').map((r) => r.name);
const SEARCH_DELAY_MS = 150;

export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const user = useMe();
  const admin = user?.roles.includes('admin') ?? false;
  const listId = useId();
  // What the store holds answers at once; the server's full-text search refines it.
  const { issues, projects, statuses, labels, cycles } = useSnapshot(syncState());
  const local = useMemo(() => searchStore({ issues, projects }, q, 8), [issues, projects, q]);
  const me = useMemo(() => (user ? { id: user.id, name: user.name } : null), [user]);
  const preference = useSnapshot(colorMode.state).preference;
  // Read once on open: the issue in view when the palette was called.
  const [contextKey] = useState(() => contextIssueKey(document, window.location.pathname));
  const [contextProject] = useState(() => viewedProject(window.location.search, window.location.pathname));
  const actions = useMemo(() => {
    const issue = contextKey ? Object.values(issues).find((i) => i.key === contextKey) : undefined;
    const other: Locale = locale === 'ru' ? 'en' : 'ru';
    // Cycles (issue 29), each judged in its own zone now.
    const allCycles = Object.values(cycles);
    const item = (c: { id: number; name: string | null; number: number } | null | undefined): CycleItem | null => (c ? { id: c.id, name: cycleTitle(c, t) } : null);
    const cycleOf = (projectId: number, which: 'current' | 'next') => item(projectCycle(allCycles, projectId, which));
    const list = issue
      ? issueActions(t, {
          issue: issue as IssueListItem,
          statuses: Object.values(statuses).filter((st) => st.projectId === issue.projectId),
          labels: Object.values(labels).filter((l) => l.projectId === issue.projectId),
          me,
          url: new URL(buildPath('issue', { id: issue.key }, locale), window.location.origin).href,
          editPath: buildPath('issueEdit', { id: issue.key }, locale),
          cycles: { current: cycleOf(issue.projectId, 'current'), next: cycleOf(issue.projectId, 'next'), its: item(issue.cycleId ? cycles[issue.cycleId] : null) },
        })
      : [];
    // The project in view (the issue's, the project page's, the list's filter), else each of mine in a cycle.
    const viewed = issue ? projects[issue.projectId] : Object.values(projects).find((p) => p.key === contextProject?.toUpperCase() || String(p.id) === contextProject);
    const candidates = viewed ? [viewed] : Object.values(projects).filter((p) => p.myRole && !p.archivedAt);
    list.push(
      ...cycleActions(
        t,
        candidates.flatMap((p) => {
          const current = cycleOf(p.id, 'current');
          return current ? [{ projectKey: p.key, cycle: current, path: buildPath('cycle', { id: current.id }, locale) }] : [];
        }),
      ),
    );
    list.push(...globalActions(t, { projectCreatePath: buildPath('projectCreate', {}, locale), otherLocalePath: switchLocalePath(window.location.pathname, window.location.search, other), otherLocaleName: other === 'ru' ? 'Русский' : 'English', preference }));
    return list;
  }, [contextKey, contextProject, issues, projects, statuses, labels, cycles, me, locale, t, preference]);

  // The server is asked once typing pauses.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(q.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useQuery(asked ? ['palette', 'search', asked] : null, (signal) => paletteSearch(asked, signal));
  const results = q.trim() ? (found.data ?? null) : null;

  const items = useMemo<Item[]>(() => {
    const text = q.trim().toLowerCase();
    const list: Item[] = [];
    // A typed key opens that issue first of all.
    const key = asIssueKey(q);
    if (key) list.push({ id: `key-${key}`, group: 'issues', label: t('issues.palette.openKey', { key }), path: buildPath('issue', { id: key }, locale) });
    // Untyped, the actions come first (the issue's, then global); typed, those that match, before the search's.
    for (const a of actions) if (matchAction(a, text)) list.push({ id: `a-${a.id}`, group: 'actions', label: a.label, hint: a.hint, action: a.action });

    const seen = new Set<string>();
    for (const i of [...(results?.issues ?? []), ...local.issues]) {
      if (i.key === key || seen.has(i.key)) continue;
      seen.add(i.key);
      list.push({ id: `i${i.id}`, group: 'issues', label: i.title, hint: i.key, path: buildPath('issue', { id: i.key }, locale) });
    }
    for (const p of results?.projects ?? local.projects) list.push({ id: `p${p.id}`, group: 'projects', label: p.name, hint: p.key, path: buildPath('project', { id: p.key }, locale) });
    for (const s of results?.streams ?? []) list.push({ id: `s${s.id}`, group: 'streams', label: s.name, path: buildPath('stream', { id: s.id }, locale) });
    const pages = PAGE_NAMES.filter((name) => admin || ROUTES.find((r) => r.name === name)?.access !== 'admin')
      .map((name) => ({ id: `page-${name}`, group: 'pages' as const, label: name === 'home' ? t('common.nav.home') : t(`titles.${name}`), path: buildPath(name as RouteName, {}, locale) }))
      .filter((p) => !text || p.label.toLowerCase().includes(text));
    list.push(...pages);
    return list;
  }, [q, results, local, locale, t, admin, actions]);

  useEffect(() => setActive(0), [items.length, q]);

  const go = (item: Item | undefined) => {
    if (!item) return;
    onClose();
    if (item.path) navigate(item.path);
    else if (item.action) runAction(item.action, navigate);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = items.length;
      if (n) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(items[active]);
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'Escape') {
      // The dialog leaves Escape to a combobox whose list is open, and this one's list always is.
      e.preventDefault();
      onClose();
    }
  };

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  let lastGroup: Item['group'] | null = null;
  return (
    <Dialog className="palette" title={t('issues.palette.title')} titleClassName="visually-hidden" onClose={onClose} closeOnBackdrop testId="palette">
      <input
        className="palette__input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length ? `${listId}-${active}` : undefined}
        aria-label={t('issues.palette.placeholder')}
        placeholder={t('issues.palette.placeholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={onKeyDown}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        data-testid="palette-input"
      />
      <ul id={listId} role="listbox" className="palette__list" aria-label={t('issues.palette.results')}>
        {items.map((item, i) => {
          const header = item.group !== lastGroup;
          lastGroup = item.group;
          return (
            <li
              key={item.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`palette__item${i === active ? ' palette__item--active' : ''}${header ? ' palette__item--first' : ''}`}
              data-group={t(`issues.palette.groups.${item.group}`)}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => go(item)}
              data-testid="palette-item"
            >
              {item.hint && <span className="palette__hint">{item.hint}</span>}
              <span className="palette__label">{item.label}</span>
              <span className="visually-hidden">, {t(`issues.palette.groups.${item.group}`)}</span>
            </li>
          );
        })}
      </ul>
      {items.length === 0 && <p className="palette__empty">{t('issues.palette.nothing')}</p>}
      <p className="palette__footer" aria-hidden="true">
        {t('issues.palette.footer')}
      </p>
    </Dialog>
  );
}
