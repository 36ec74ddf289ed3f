import type { IssueListItem } from '@tracker/shared/api/issues';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { createIssueClick } from '../../../lib/create-issue.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { toApiQuery, type GroupBy } from '../filters/url.ts';
import { groupIssues } from './grouping.ts';
import { NONE_FOLDED, peekFromClick, toggleKey } from './row-actions.ts';
import { IssueRow } from './IssueRow.tsx';
import { moveActive, toggleSelection } from './selection.ts';
import { isPageKey } from '../../../lib/page-keys.ts';
import { useListSource } from './use-list-source.ts';
import { useGroupCounts } from './use-group-counts.ts';
import { usePendingIssues } from '../../../store/index.ts';
import { useProjectDetails } from '../../../store/use-projects.ts';
import './list.css';
import { ColorDot } from '../../../components/ColorDot.tsx';
import { useSnapshot } from 'valtio';
import { auth } from '../../../lib/auth.ts';
import { errorText } from '../../../lib/error-text.ts';
import { followLink } from '../../../lib/plain-click.ts';

const BulkBar = lazy(() => import('../bulk/BulkBar.tsx'));

/**
 * Rows in a list's first frame: a screenful. The rest follow in the next frame, so a new list (a
 * load, a sort or filter change) paints before it has built every row (issue 14's budgets).
 */
export const FIRST_FRAME_ROWS = 20;

export interface IssueListProps {
  /** Filters fixed by the embedding page (e.g. `{ project: 'WEB' }`); they win over `filters`. */
  query?: Record<string, string>;
  /** The user's filters (API query keys). */
  filters?: Record<string, string>;
  sort?: string;
  order?: 'asc' | 'desc';
  group?: GroupBy;
  /** Row checkboxes and the bulk edit bar. */
  selectable?: boolean;
  /** `j`/`k`/`x`/Enter move through and act on rows. */
  keyboard?: boolean;
  /** Shown in the "no matches" state. */
  onClearFilters?: () => void;
  /** Opens an issue in the peek panel: a click on a row (not on its links or boxes) or Space. */
  onPeek?: (key: string) => void;
  /** The issue in the peek panel: j/k move it along. */
  peekKey?: string | null;
}


export function IssueList({ query, filters = {}, sort = 'updated', order = 'desc', group = 'none', selectable = false, keyboard = false, onClearFilters, onPeek, peekKey = null }: IssueListProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [, navigate] = useLocation();
  const apiQuery = useMemo(() => toApiQuery({ filters, sort, order }, query), [filters, sort, order, query]);
  const me = useSnapshot(auth.state).user?.id ?? null;
  const pages = useListSource(apiQuery, me);
  const pending = usePendingIssues();
  const { issues, refresh, hasMore, loadMore } = pages;
  const projectIds = useMemo(() => issues.map((i) => i.projectId), [issues]);
  const projects = useProjectDetails(projectIds);
  const allGroups = useMemo(() => groupIssues(issues, group, projects), [issues, group, projects]);
  const counts = useGroupCounts(apiQuery, group, hasMore);
  const rowsKey = `${JSON.stringify(apiQuery)}|${group}`;
  const complete = useCompleteAfterFirstFrame(rowsKey);
  const groups = useMemo(() => firstRows(allGroups, complete ? Infinity : FIRST_FRAME_ROWS), [complete, allGroups]);
  // Folded group headers hide their rows (and j/k skip them); a new grouping starts unfolded.
  const [folded, setFolded] = useState<{ group: GroupBy; keys: ReadonlySet<string> }>({ group, keys: new Set() });
  const foldedKeys = folded.group === group ? folded.keys : NONE_FOLDED;
  const toggleFolded = (key: string) => setFolded({ group, keys: toggleKey(foldedKeys, key) });
  const order_ = useMemo(() => allGroups.filter((g) => !foldedKeys.has(g.key)).flatMap((g) => g.issues.map((i) => i.id)), [allGroups, foldedKeys]);

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [active, setActive] = useState<number | null>(null);
  const anchor = useRef<number | null>(null);
  const orderRef = useRef(order_);
  orderRef.current = order_;

  // Selection survives refreshes but not rows that are gone.
  useEffect(() => {
    setSelected((s) => {
      if (s.size === 0) return s;
      const ids = new Set(issues.map((i) => i.id));
      const next = new Set([...s].filter((id) => ids.has(id)));
      return next.size === s.size ? s : next;
    });
  }, [issues]);

  const onToggle = useCallback((id: number, range: boolean) => {
    setSelected((s) => toggleSelection(s, orderRef.current, id, anchor.current, range));
    anchor.current = id;
  }, []);

  // Keyboard: j/k move, x toggles, Enter opens.
  const byId = useMemo(() => new Map(issues.map((i) => [i.id, i])), [issues]);
  const keyState = useRef({ active, byId, onPeek, peekKey });
  keyState.current = { active, byId, onPeek, peekKey };
  useEffect(() => {
    if (!keyboard) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !isPageKey(e)) return;
      const { active: cur, byId: rows, onPeek: peek, peekKey: peeked } = keyState.current;
      if (e.key === 'j' || e.key === 'k') {
        e.preventDefault();
        const next = moveActive(orderRef.current, cur, e.key === 'j' ? 1 : -1);
        setActive(next);
        if (next !== null) document.querySelector(`[data-issue-id="${next}"]`)?.scrollIntoView({ block: 'nearest' });
        const nextKey = next !== null ? rows.get(next)?.key : undefined;
        if (peek && peeked && nextKey) peek(nextKey);
      } else if (e.key === ' ' && cur !== null && peek && !(e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement)) {
        const key = rows.get(cur)?.key;
        if (key) {
          e.preventDefault();
          peek(key);
        }
      } else if (e.key === 'Escape' && !peeked && selectable) {
        setSelected((sel) => (sel.size ? new Set() : sel));
      } else if (e.key === 'x' && cur !== null && selectable) {
        e.preventDefault();
        onToggle(cur, e.shiftKey);
      } else if (e.key === 'Enter' && cur !== null && !(e.target instanceof HTMLAnchorElement || e.target instanceof HTMLButtonElement)) {
        const issue = rows.get(cur);
        if (issue) {
          e.preventDefault();
          navigate(href('issue', { id: issue.key }));
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keyboard, selectable, onToggle, navigate, href]);

  // Infinite scroll, with the button as the fallback (and for keyboard users).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || !complete || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((en) => en.isIntersecting) && loadMore(), { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loadMore, complete]);

  const allSelected = issues.length > 0 && issues.every((i) => selected.has(i.id));
  const selectedIssues = useMemo(() => issues.filter((i) => selected.has(i.id)), [issues, selected]);
  const clearSelection = useCallback(() => setSelected(new Set()), []);

  if (pages.loading && issues.length === 0) return <Loading />;
  if (pages.error && issues.length === 0) return <FormAlert message={errorText(pages.error, t)} />;

  const filtered = Object.keys(filters).length > 0;
  if (issues.length === 0) {
    return (
      <div className="issues-empty" data-testid="issues-empty">
        {filtered ? (
          <>
            <p>{t('issues.list.noMatches')}</p>
            {onClearFilters && (
              <Button onClick={onClearFilters} data-testid="clear-filters">
                {t('issues.filters.clear')}
              </Button>
            )}
          </>
        ) : (
          <>
            <p>{t('issues.list.empty')}</p>
            <Link className={buttonClass({ variant: 'primary' })} href={href('issueCreate') + (query?.project ? `?project=${encodeURIComponent(query.project)}` : '')} onClick={createIssueClick(query?.project)} data-testid="issue-create-first">
              {t('issues.list.createFirst')}
            </Link>
          </>
        )}
      </div>
    );
  }

  return (
    // Space is the keyboard's way to peek (above).
    <div className="issue-list" data-testid="issue-list" onClick={(e) => followLink(e, navigate, 'a.issue-row__title') || (onPeek && peekFromClick(e, onPeek, setActive))}>
      {selectable && (
        <div className="issue-list__tools">
          <label className="issue-list__select-all">
            <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(issues.map((i) => i.id)))} data-testid="select-all" />
            {t('issues.list.selectAll', { count: issues.length })}
          </label>
          <span className="issue-list__count" aria-live="polite">
            {selected.size > 0 ? t('issues.list.selectedCount', { count: selected.size }) : t('issues.list.shownCount', { count: issues.length })}
          </span>
        </div>
      )}
      {groups.map((g) => (
        <section key={g.key} className="issue-group" aria-label={group === 'none' ? undefined : groupTitle(t, g)}>
          {group !== 'none' && (
            <h2 className="issue-group__title" data-testid="group-header">
              <button type="button" className="issue-group__toggle" aria-expanded={!foldedKeys.has(g.key)} onClick={() => toggleFolded(g.key)} data-testid="group-toggle">
                <span className="issue-group__chevron" aria-hidden="true" />
                {g.color && <ColorDot color={g.color} className="status-chip__dot" />}
                <span>{groupTitle(t, g)}</span>
                <span className="issue-group__count">{counts?.get(g.key) ?? g.total}</span>
              </button>
            </h2>
          )}
          {!foldedKeys.has(g.key) && (
            <ul className="issue-rows">
              {g.issues.map((issue: IssueListItem) => (
                <IssueRow
                  key={issue.id}
                  issue={issue}
                  project={projects.get(issue.projectId)}
                  href={href('issue', { id: issue.key })}
                  locale={locale}
                  selectable={selectable}
                  selected={selected.has(issue.id)}
                  active={active === issue.id}
                  pending={pending.has(issue.id)}
                  onToggle={onToggle}
                  t={t}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
      {/* After the rows: it floats over the list's bottom while rows are selected (sticky). */}
      {selectable && selectedIssues.length > 0 && (
        <Suspense fallback={null}>
          <BulkBar issues={selectedIssues} projects={projects} onDone={refresh} onClear={clearSelection} />
        </Suspense>
      )}
      {complete && <div ref={sentinel} />}
      {hasMore && (
        <Button className="issue-list__more" onClick={pages.loadMore} disabled={pages.loadingMore} data-testid="load-more">
          {pages.loadingMore ? t('common.loading') : t('issues.list.loadMore')}
        </Button>
      )}
      {pages.error != null && issues.length > 0 && <FormAlert message={errorText(pages.error, t)} />}
    </div>
  );
}

function groupTitle(t: TFunction, g: ReturnType<typeof groupIssues>[number]): string {
  if ('key' in g.label) return t(g.label.key, g.label.values ?? {});
  return g.label.suffix ? `${g.label.text} · ${g.label.suffix}` : g.label.text;
}

/** False for the first frame of each new `key`, true from the frame after. */
function useCompleteAfterFirstFrame(key: string): boolean {
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (done === key) return;
    // After the frame is painted: a task queued from the frame's animation callback.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setDone(key))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key, done]);
  return done === key;
}

/** The groups with at most `max` rows in all; `total`: the group's whole count, for its header. */
function firstRows<G extends { issues: readonly IssueListItem[] }>(groups: readonly G[], max: number): (G & { total: number })[] {
  const out: (G & { total: number })[] = [];
  let left = max;
  for (const g of groups) {
    if (left <= 0) break;
    out.push({ ...g, issues: g.issues.length <= left ? g.issues : g.issues.slice(0, left), total: g.issues.length });
    left -= g.issues.length;
  }
  return out;
}

