import type { Status } from '@tracker/shared/api/projects';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { useLiveEvents } from '../../../lib/live.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { calendarApi, type CalendarIssue, type ProjectSummary, type StreamSummary } from '../api.ts';
import { useSnapshot } from 'valtio';
import { auth } from '../../auth/index.ts';
import { editIssue, syncEngine, syncState, useStoreCalendar } from '../../sync/index.ts';
import { AgendaView } from '../components/AgendaView.tsx';
import { MoveDialog } from '../components/MoveDialog.tsx';
import { SubscribePanel } from '../components/SubscribePanel.tsx';
import { Toolbar } from '../components/Toolbar.tsx';
import { WeekRow } from '../components/WeekRow.tsx';
import { monthGrid, shiftItem, today, viewRange, weekDays, weekStartFor, type IsoDate } from '../dates.ts';
import { errorText } from '../errors.ts';
import { useFormatters } from '../format.ts';
import { useDragReschedule } from '../use-drag.ts';
import { calendarQuery, createIssueQuery, parseCalendarQuery, type CalendarState } from '../url-state.ts';
import '../calendar.css';
import { haptic } from '../../../platform/use-main-button.ts';

const MONTH_LANES = 3;
const LIVE_DEBOUNCE_MS = 300;

export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [todayDate, setTodayDate] = useState(() => today());
  const state = parseCalendarQuery(search, todayDate);
  const weekStart = weekStartFor(locale);
  const { from, to } = viewRange(state.view, state.date, weekStart);
  const fmt = useFormatters(locale);
  const explain = useCallback((err: unknown) => errorText(err, t, (k) => i18n.exists(k)), [t, i18n]);

  const setState = (patch: Partial<CalendarState>) => navigate(`${location}?${calendarQuery({ ...state, ...patch })}`);

  // The day changes at midnight for a page left open.
  useEffect(() => {
    const timer = setInterval(() => setTodayDate(today()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const [fetched, setIssues] = useState<CalendarIssue[] | null>(null);
  // The client store answers at once when synced (every change from its feed); the server's answer
  // for the range still comes, for closed issues older than the store keeps, and joins the store.
  const me = useSnapshot(auth.state).user?.id ?? null;
  const filter = useMemo(() => ({ from, to, mine: state.mine, project: state.project, stream: state.stream }), [from, to, state.mine, state.project, state.stream]);
  const stored = useStoreCalendar(filter, me) as CalendarIssue[] | null;
  const issues = stored ?? fetched;
  const fromStore = stored !== null;
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const ac = new AbortController();
    setLoading(true);
    calendarApi.issues({ from, to, mine: state.mine, project: state.project, stream: state.stream }, ac.signal).then(
      (r) => {
        setIssues(r.issues);
        syncEngine()?.remember(r.issues);
        setLoadError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (ac.signal.aborted) return;
        setLoadError(explain(err));
        setLoading(false);
      },
    );
    return () => ac.abort();
  }, [from, to, state.mine, state.project, state.stream, reload, explain]);

  // Someone else's change to an issue: refetch what is shown (debounced for bursts like bulk edits).
  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLiveEvents(
    (e) => !fromStore && e.type.startsWith('issue.'),
    () => {
      clearTimeout(liveTimer.current);
      liveTimer.current = setTimeout(() => setReload((n) => n + 1), LIVE_DEBOUNCE_MS);
    },
  );
  useEffect(() => () => clearTimeout(liveTimer.current), []);

  const [projects, setProjects] = useState<ProjectSummary[]>([]);
  const [streams, setStreams] = useState<StreamSummary[]>([]);
  useEffect(() => {
    calendarApi.projects().then((r) => setProjects(r.projects), () => undefined);
    calendarApi.streams().then((r) => setStreams(r.streams), () => undefined);
  }, []);

  // Status colours and names come with each project's detail, fetched once per project shown.
  const [fetchedStatuses, setStatuses] = useState<ReadonlyMap<number, Status>>(new Map());
  const { statuses: heldStatuses, syncId } = useSnapshot(syncState());
  const statuses = useMemo<ReadonlyMap<number, Status>>(
    () => (syncId === null ? fetchedStatuses : new Map([...fetchedStatuses, ...Object.values(heldStatuses).map((st) => [st.id, st as Status] as const)])),
    [fetchedStatuses, heldStatuses, syncId],
  );
  const askedProjects = useRef(new Set<number>());
  useEffect(() => {
    for (const projectId of new Set((issues ?? []).map((i) => i.projectId))) {
      if (askedProjects.current.has(projectId) || (syncId !== null && Object.values(heldStatuses).some((st) => st.projectId === projectId))) continue;
      askedProjects.current.add(projectId);
      calendarApi.project(projectId).then(
        (r) => setStatuses((m) => new Map([...m, ...r.statuses.map((s) => [s.id, s] as const)])),
        () => undefined,
      );
    }
  }, [issues, syncId, heldStatuses]);

  const [pendingIds, setPendingIds] = useState<ReadonlySet<number>>(new Set());
  const issuesRef = useRef(issues);
  issuesRef.current = issues;
  const reschedule = useCallback(
    async (issueId: number, delta: number) => {
      const before = issuesRef.current?.find((i) => i.id === issueId);
      if (!before || delta === 0) return;
      const patch = shiftItem(before, delta);
      // Through the store's outbox when it runs: shown in the same frame, rolled back and toasted by
      // it on refusal, kept while offline.
      const queued = editIssue(issueId, patch, patch);
      if (queued) {
        await queued.then(
          ({ issue }) => {
            const when = issue.dueDate ?? issue.startDate;
            haptic('success');
            toast({ title: t('calendar.moved', { key: before.key, date: when ? fmt.long(when) : '' }), color: 'success' });
          },
          () => haptic('error'),
        );
        return;
      }
      const restore = (list: CalendarIssue[] | null) => list?.map((i) => (i.id === issueId ? { ...i, startDate: before.startDate, dueDate: before.dueDate } : i)) ?? null;
      setIssues((list) => list?.map((i) => (i.id === issueId ? { ...i, ...patch } : i)) ?? null);
      setPendingIds((s) => new Set(s).add(issueId));
      try {
        const { issue } = await calendarApi.reschedule(issueId, patch);
        setIssues((list) => list?.map((i) => (i.id === issueId ? { ...i, startDate: issue.startDate, dueDate: issue.dueDate, statusId: issue.statusId, title: issue.title } : i)) ?? null);
        const when = issue.dueDate ?? issue.startDate;
        haptic('success');
        toast({ title: t('calendar.moved', { key: before.key, date: when ? fmt.long(when) : '' }), color: 'success' });
      } catch (err) {
        haptic('error');
        setIssues(restore);
        toast({ title: t('calendar.moveFailed', { key: before.key }), description: explain(err), color: 'error', duration: 8000 });
      } finally {
        setPendingIds((s) => {
          const next = new Set(s);
          next.delete(issueId);
          return next;
        });
      }
    },
    [t, fmt, explain],
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
          <SubscribePanel projects={projects} streams={streams} formatDate={fmt.stamp} />
        </div>
      )}
      {loadError && (
        <div role="alert" className="form-alert cal-error" data-testid="cal-error">
          {loadError}{' '}
          <Button size="small" onClick={() => setReload((n) => n + 1)}>
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
