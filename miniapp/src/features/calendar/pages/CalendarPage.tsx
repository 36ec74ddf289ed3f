import type { Status } from '@tracker/shared/api/projects';
import { weekStart as weekStartOf } from '@tracker/shared/dates';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useToday } from '../../../lib/use-minute.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import type { CalendarIssue } from '../api.ts';
import { useCalendarIssues } from '../use-calendar-issues.ts';
import { useSnapshot } from 'valtio';
import { editIssue, syncState, usePendingIssues, useStoreReference } from '../../../store/index.ts';
import { AgendaView } from '../components/AgendaView.tsx';
import { MoveDialog } from '../components/MoveDialog.tsx';
import { Toolbar } from '../components/Toolbar.tsx';
import { WeekRow } from '../components/WeekRow.tsx';
import { monthGrid, shiftItem, viewRange, weekDays, type IsoDate } from '../dates.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../format.ts';
import { useDragReschedule } from '../use-drag.ts';
import { calendarQuery, createIssueQuery, parseCalendarQuery, type CalendarState } from '../url-state.ts';
import '../calendar.css';
import { haptic } from '../../../platform/use-main-button.ts';

// The subscriptions' panel (a form: react-hook-form and zod) loads when opened, not with the calendar.
const SubscribePanel = lazy(() => import('../components/SubscribePanel.tsx').then((m) => ({ default: m.SubscribePanel })));

const MONTH_LANES = 3;

export default function CalendarPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const todayDate = useToday();
  const state = parseCalendarQuery(search, todayDate);
  const weekStart = weekStartOf(locale);
  const { from, to } = viewRange(state.view, state.date, weekStart);
  const fmt = useFormatters(locale);

  const setState = (patch: Partial<CalendarState>) => navigate(`${location}?${calendarQuery({ ...state, ...patch })}`);

  const filter = useMemo(() => ({ from, to, mine: state.mine, project: state.project, stream: state.stream }), [from, to, state.mine, state.project, state.stream]);
  const { issues, loading, error: loadFailure, retry } = useCalendarIssues(filter);
  const loadError = loadFailure === null ? null : errorText(loadFailure, t);
  // Projects, streams and status colours from the client store.
  const store = useStoreReference();
  const projects = store?.projects ?? [];
  const streams = store?.streams ?? [];
  const { statuses: heldStatuses } = useSnapshot(syncState());
  const statuses = useMemo<ReadonlyMap<number, Status>>(() => new Map(Object.values(heldStatuses).map((st) => [st.id, st as Status] as const)), [heldStatuses]);

  const pendingIds = usePendingIssues();
  const issuesRef = useRef(issues);
  issuesRef.current = issues;
  const reschedule = useCallback(
    async (issueId: number, delta: number) => {
      const before = issuesRef.current?.find((i) => i.id === issueId);
      if (!before || delta === 0) return;
      const patch = shiftItem(before, delta);
      // Through the store's outbox: shown in the same frame, rolled back and toasted by it on
      // refusal, kept while offline.
      const queued = editIssue(issueId, patch, patch);
      if (!queued) return toast({ title: t('calendar.moveFailed', { key: before.key }), color: 'error' }); // the store is not open yet
      await queued.then(
        ({ issue }) => {
          const when = issue.dueDate ?? issue.startDate;
          haptic('success');
          toast({ title: t('calendar.moved', { key: before.key, date: when ? fmt.long(when) : '' }), color: 'success' });
        },
        () => haptic('error'),
      );
    },
    [t, fmt],
  );
  const { drag, start } = useDragReschedule((id, delta) => void reschedule(id, delta));
  const [moving, setMoving] = useState<CalendarIssue | null>(null);
  const [subscribeOpen, setSubscribeOpen] = useState(false);

  const onCreate = (date: IsoDate) => navigate(`${href('issueCreate')}?${createIssueQuery(date, state)}`);
  const onMore = (date: IsoDate) => setState({ view: 'week', date });

  const weeks = useMemo(() => (state.view === 'month' ? monthGrid(state.date, weekStart) : state.view === 'week' ? [weekDays(state.date, weekStart)] : []), [state.view, state.date, weekStart]);
  const period = state.view === 'week' ? fmt.range(from, to) : fmt.month(state.date);

  const rowProps = {
    issues: issues ?? [],
    statuses,
    today: todayDate,
    drag,
    pendingIds,
    formatLong: fmt.long,
    onCreate,
    onMore,
    onPointerDown: start,
    onMove: setMoving,
  };

  return (
    <Page name="calendar" className="cal-page">
      <Toolbar
        state={state}
        period={period}
        projects={projects}
        streams={streams}
        subscribeOpen={subscribeOpen}
        onChange={setState}
        onToday={() => setState({ date: todayDate })}
        onSubscribe={() => setSubscribeOpen((o) => !o)}
      />
      {subscribeOpen && (
        <div id="cal-subscribe-panel">
          <Suspense fallback={null}>
            <SubscribePanel projects={projects} streams={streams} formatDate={fmt.stamp} />
          </Suspense>
        </div>
      )}
      {loadError && (
        <div role="alert" className="form-alert cal-error" data-testid="cal-error">
          {loadError}{' '}
          <Button size="small" onClick={retry}>
            {t('calendar.retry')}
          </Button>
        </div>
      )}
      {issues === null && loading ? (
        <Loading />
      ) : state.view === 'agenda' ? (
        <AgendaView issues={issues ?? []} from={from} to={to} today={todayDate} statuses={statuses} pendingIds={pendingIds} formatLong={fmt.long} formatHeading={fmt.heading} formatShort={fmt.short} onCreate={onCreate} onMove={setMoving} />
      ) : (
        <div className={`cal-grid cal-grid--${state.view}${drag ? ' cal-grid--dragging' : ''}`} aria-busy={loading} data-testid="cal-grid" data-view={state.view} data-from={from} data-to={to}>
          <div className="cal-weekdays">
            {weeks[0]?.map((date, i) => (
              <div key={date} className="cal-weekdays__day" data-testid={`cal-weekday-${i}`}>
                {fmt.weekday(date)}
                {state.view === 'week' && <span className="cal-weekdays__date"> {fmt.short(date)}</span>}
              </div>
            ))}
          </div>
          {weeks.map((days) => (
            <WeekRow
              key={days[0]}
              days={days}
              month={state.view === 'month' ? state.date.slice(0, 7) : undefined}
              maxLanes={state.view === 'month' ? MONTH_LANES : undefined}
              formatDay={fmt.day}
              formatMonth={state.view === 'month' ? fmt.monthShort : undefined}
              {...rowProps}
            />
          ))}
        </div>
      )}
      <p className="muted cal-hint">{t('calendar.dragHint')}</p>
      {moving && <MoveDialog issue={moving} onClose={() => setMoving(null)} onMove={(delta) => void reschedule(moving.id, delta)} />}
    </Page>
  );
}
