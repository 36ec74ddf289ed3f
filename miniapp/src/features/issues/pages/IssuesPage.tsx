import { lazy, Suspense, useCallback, useMemo, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { createIssueClick } from '../../../lib/create-issue.ts';
import { useHref } from '../../../lib/use-locale.ts';
import type { SavedView } from '../api.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { fromView, GROUPS, LAYOUTS, parseSearch, SORTS, toSearch, withFilter, type PageState } from '../filters/url.ts';
import { IssueList } from '../list/IssueList.tsx';
import { useListProject } from '../../../store/use-projects.ts';
import { ViewsMenu } from '../views/ViewsMenu.tsx';
import '../list/page.css';

const IssueBoard = lazy(() => import('../board/IssueBoard.tsx'));
const IssuePeek = lazy(() => import('../detail/IssuePeek.tsx'));

/** `/issues`: every issue I can see, as a list or a board; all state in the URL. */
export default function IssuesPage() {
  const { t } = useTranslation();
  const href = useHref();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseSearch(search), [search]);
  const { project } = useListProject(state.filters.project);
  const ids = { group: useId(), sort: useId() };
  // On a phone the view options and filters fold behind one button, so the list starts near the top.
  const [options, setOptions] = useState(false);
  const [peek, setPeek] = useState<string | null>(null);
  const closePeek = useCallback(() => setPeek(null), []);

  const go = useCallback((next: PageState, replace = false) => navigate(location + toSearch(next), { replace }), [navigate, location]);
  // The filter bar is memoised: a sort or layout change must not render it again, so what it is
  // given keeps its identity (the filters while equal, a handler reading the latest state).
  const latest = useRef(state);
  latest.current = state;
  const filtersKey = JSON.stringify(state.filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same filters, by value
  const filters = useMemo(() => state.filters, [filtersKey]);
  const setFilters = useCallback((next: Record<string, string>, options?: { replace?: boolean }) => go({ ...latest.current, filters: next }, options?.replace), [go]);
  const toggleOptions = useCallback(() => setOptions((o) => !o), []);
  const clearFilters = useCallback(() => go({ ...state, filters: {} }), [go, state]);
  const chooseProject = useCallback((key: string) => go({ ...state, filters: withFilter(state.filters, 'project', key) }), [go, state]);
  const openView = useCallback((view: SavedView) => go(fromView(view)), [go]);

  const createHref = href('issueCreate') + (state.filters.project ? `?project=${encodeURIComponent(state.filters.project)}` : '');
  const phoneBar = useMemo(() => <PhoneBar open={options} onToggle={toggleOptions} count={Object.keys(filters).length} createHref={createHref} />, [options, toggleOptions, filters, createHref]);

  return (
    <Page name="issues" className="issues-page">
      <div className="issues-controls" data-options={options || undefined}>
      <div className="issues-toolbar">
        <ViewsMenu state={state} projectId={project?.project.id ?? null} projectName={project?.project.name ?? null} onOpen={openView} />
        <div className="segmented" role="group" aria-label={t('issues.list.layout')}>
          {LAYOUTS.map((l) => (
            <button key={l} type="button" aria-pressed={state.layout === l} onClick={() => go({ ...state, layout: l })} data-testid={`layout-${l}`}>
              {t(`issues.list.layouts.${l}`)}
            </button>
          ))}
        </div>
        {state.layout === 'list' && (
          <>
            <div className="issues-toolbar__field">
              <label htmlFor={ids.group}>{t('issues.list.groupBy')}</label>
              <select id={ids.group} value={state.group} onChange={(e) => go({ ...state, group: e.target.value as PageState['group'] })} data-testid="group-by">
                {GROUPS.map((g) => (
                  <option key={g} value={g}>
                    {t(`issues.list.groups.${g}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="issues-toolbar__field">
              <label htmlFor={ids.sort}>{t('issues.list.sortBy')}</label>
              <select id={ids.sort} value={state.sort} onChange={(e) => go({ ...state, sort: e.target.value })} data-testid="sort-by">
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t(`issues.list.sorts.${s}`)}
                  </option>
                ))}
                {!(SORTS as readonly string[]).includes(state.sort) && <option value={state.sort}>{t('issues.list.sortCustom')}</option>}
              </select>
              <Button
                size="small"
                onClick={() => go({ ...state, order: state.order === 'asc' ? 'desc' : 'asc' })}
                aria-label={state.order === 'asc' ? t('issues.list.ascending') : t('issues.list.descending')}
                title={state.order === 'asc' ? t('issues.list.ascending') : t('issues.list.descending')}
                data-testid="sort-order"
              >
                {state.order === 'asc' ? '↑' : '↓'}
              </Button>
            </div>
          </>
        )}
        <Link href={createHref} onClick={createIssueClick(state.filters.project)} className={buttonClass({ variant: 'primary', size: 'small', className: 'issues-toolbar__create' })} data-testid="issue-create">
          {t('issues.list.create')}
        </Link>
      </div>
      <FilterBar filters={filters} onChange={setFilters} trailing={phoneBar} />
      </div>
      {state.layout === 'list' ? (
        <IssueList filters={state.filters} sort={state.sort} order={state.order} group={state.group} selectable keyboard onClearFilters={clearFilters} onPeek={setPeek} peekKey={peek} />
      ) : (
        <Suspense fallback={<Loading />}>
          <IssueBoard filters={state.filters} onChooseProject={chooseProject} />
        </Suspense>
      )}
      {peek && (
        <Suspense fallback={null}>
          <IssuePeek key={peek} issueRef={peek} onClose={closePeek} />
        </Suspense>
      )}
    </Page>
  );
}

/** The phone's row beside the search: view options and filters (with how many are on), and New. */
function PhoneBar({ open, onToggle, count, createHref }: { open: boolean; onToggle: () => void; count: number; createHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="issues-phone-bar">
      <Button size="small" aria-expanded={open} onClick={onToggle} data-testid="issues-options">
        {count > 0 ? t('issues.list.optionsCount', { count }) : t('issues.list.options')}
      </Button>
      <Link href={createHref} className={buttonClass({ variant: 'primary', size: 'small' })} aria-label={t('issues.list.create')} data-testid="issue-create-phone">
        +
      </Link>
    </div>
  );
}
