// The timeline (issue 29): dated issues as bars over time, "blocks" relations as arrows,
// milestones as diamonds; a drag or the keyboard reschedules an issue with one write through the
// store's outbox (undoable from its toast), which the sync feed shows to everyone else.
import type { IssueListItem } from '@tracker/shared/api/issues';
import { weekStart as weekStartOf } from '@tracker/shared/dates';
import { canInProject } from '@tracker/shared/permissions';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { formatDay, formatDayRange, formatMonth } from '../../../lib/dates.ts';
import { useToday } from '../../../lib/use-minute.ts';
import { useMe } from '../../../lib/auth.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { IsoDate } from '../../../lib/iso-dates.ts';
import { toast } from '../../../lib/toasts.ts';
import { PHONE_QUERY, useMedia } from '../../../lib/use-media.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { editIssue, syncState, usePendingIssues } from '../../../store/index.ts';
import { TimelineChart } from '../components/TimelineChart.tsx';
import { Toolbar, type Option } from '../components/Toolbar.tsx';
import { conflictsOf } from '../conflicts.ts';
import { spanOf, type Dated } from '../geometry.ts';
import { layoutRows, matches } from '../rows.ts';
import { windowOf, ZOOM_RULES, type ScaleUnit } from '../scale.ts';
import { useTimelineData } from '../use-timeline-data.ts';
import { parseTimelineQuery, timelineQuery, type TimelineState } from '../url-state.ts';
import '../timeline.css';

/** A phone, or any screen driven by touch: the timeline is read only there, scrolled sideways. */
const READ_ONLY_QUERY = `${PHONE_QUERY}, (pointer: coarse)`;
const CLOSED = new Set(['completed', 'canceled']);
const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

export default function TimelinePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const todayDate = useToday();
  const state = parseTimelineQuery(search, todayDate);
  const weekStart = weekStartOf(locale);
  const w = useMemo(() => windowOf(state.zoom, state.date, weekStart), [state.zoom, state.date, weekStart]);
  const readOnly = useMedia(READ_ONLY_QUERY);
  const phone = useMedia(PHONE_QUERY);

  const setState = (patch: Partial<TimelineState>) => {
    const query = timelineQuery({ ...state, ...patch }, todayDate);
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const data = useTimelineData({ from: w.from, to: w.to, project: state.project });
  const { projects, milestones, cycles, statuses, issues: held } = useSnapshot(syncState());
  const me = useMe();
  const pending = usePendingIssues();

  const shown = useMemo(() => (data.issues ?? []).filter((i) => matches(i, state)), [data.issues, state.project, state.assignee, state.milestone, state.cycle]); // eslint-disable-line react-hooks/exhaustive-deps -- the filter's four fields
  const assigneeNames = useMemo(() => {
    const names = new Map<number, string>();
    for (const i of data.issues ?? []) if (i.assignee) names.set(i.assignee.id, i.assignee.name);
    return names;
  }, [data.issues]);

  const rows = useMemo(
    () =>
      layoutRows(shown, state.group, (key) => {
        const id = Number(key.slice(key.indexOf(':') + 1));
        if (state.group === 'project') {
          const p = projects[id];
          return { label: p ? `${p.key} · ${p.name}` : t('timeline.groups.project', { id }), sort: p?.name.toLowerCase() ?? '' };
        }
        if (state.group === 'assignee') {
          const name = assigneeNames.get(id) ?? t('timeline.groups.unassigned');
          return { label: name, sort: name.toLowerCase() };
        }
        const m = milestones[id];
        if (!m) return { label: t('timeline.groups.noMilestone'), sort: '' };
        // Across projects two milestones may share a name: the project's key tells them apart.
        return { label: state.project === null ? `${projects[m.projectId]?.key ?? ''} · ${m.name}` : m.name, sort: `${m.targetDate} ${m.name.toLowerCase()}` };
      }),
    [shown, state.group, state.project, projects, milestones, assigneeNames, t],
  );

  // Dates come from the store when it holds the issue (a blocker outside the filters still counts).
  const conflicts = useMemo(() => {
    const local = new Map((data.issues ?? []).map((i) => [i.id, i] as const));
    return conflictsOf(data.relations, (id) => held[id] ?? local.get(id), (s) => CLOSED.has(statuses[s]?.category ?? ''));
  }, [data.relations, data.issues, held, statuses]);
  const warned = rows.filter((r) => r.kind === 'issue' && conflicts.has(r.issue.id)).length;

  const shownMilestones = useMemo(
    () =>
      Object.values(milestones)
        .filter((m) => (state.project === null || m.projectId === state.project) && (typeof state.milestone !== 'number' || m.id === state.milestone) && m.targetDate >= w.from && m.targetDate <= w.to)
        .sort((a, b) => (a.targetDate < b.targetDate ? -1 : a.targetDate > b.targetDate ? 1 : a.id - b.id)),
    [milestones, state.project, state.milestone, w],
  );

  const fmt = useMemo(() => {
    const long = (d: IsoDate) => formatDay(d, locale, { day: 'numeric', month: 'long', year: 'numeric' });
    return {
      long,
      dates: (dates: Dated) => {
        const span = spanOf(dates);
        if (!span) return '';
        return span.first === span.last ? formatDay(span.first, locale, { day: 'numeric', month: 'short', year: 'numeric' }) : formatDayRange(span.first, span.last, locale);
      },
      scale: (unit: ScaleUnit, d: IsoDate, row: 'upper' | 'lower') => {
        if (unit === 'day') return formatDay(d, locale, { day: 'numeric' });
        if (unit === 'week') return formatDay(d, locale, { day: 'numeric', month: 'short' });
        if (unit === 'quarter') return t('timeline.quarter', { n: Math.floor(Number(d.slice(5, 7)) / 3) + 1, year: d.slice(0, 4) });
        return row === 'upper' ? formatMonth(d, locale) : formatMonth(d, locale, { month: 'short' });
      },
    };
  }, [locale, t]);

  const commit = useCallback(
    (issue: IssueListItem, dates: Dated) => {
      const body: Partial<Dated> = {};
      const before: Partial<Dated> = {};
      if (dates.startDate !== issue.startDate) [body.startDate, before.startDate] = [dates.startDate, issue.startDate];
      if (dates.dueDate !== issue.dueDate) [body.dueDate, before.dueDate] = [dates.dueDate, issue.dueDate];
      // Through the store's outbox, as every issue edit: shown in this frame, rolled back and said by it on refusal, kept while offline.
      const queued = editIssue(issue.id, body, body);
      if (!queued) {
        toast({ title: t('timeline.moveFailed', { key: issue.key }), color: 'error' });
        return false;
      }
      queued.then(
        () => {
          haptic('success');
          toast({
            title: t('timeline.moved', { key: issue.key, dates: fmt.dates(dates) }),
            color: 'success',
            // The undo is the same write path, once.
            action: { label: t('common.sync.undo'), run: () => void editIssue(issue.id, before, before)?.catch(() => undefined) },
          });
        },
        () => haptic('error'),
      );
      return true;
    },
    [t, fmt],
  );

  const projectOptions = useMemo(() => Object.values(projects).filter((p) => !p.archivedAt || p.id === state.project).map((p) => ({ id: p.id, label: `${p.key} · ${p.name}` })).sort(byLabel), [projects, state.project]);
  const assigneeOptions = useMemo(() => [...assigneeNames].map(([id, label]) => ({ id, label })).sort(byLabel), [assigneeNames]);
  const milestoneOptions = useMemo(
    () =>
      Object.values(milestones)
        .filter((m) => state.project === null || m.projectId === state.project)
        .sort((a, b) => (a.targetDate < b.targetDate ? -1 : 1))
        .map((m) => ({ id: m.id, label: state.project === null ? `${projects[m.projectId]?.key ?? ''} · ${m.name}` : m.name })),
    [milestones, projects, state.project],
  );
  const cycleOptions = useMemo(
    () =>
      Object.values(cycles)
        .filter((c) => state.project === null || c.projectId === state.project)
        .sort((a, b) => (a.startsOn < b.startsOn ? 1 : -1))
        .map((c) => {
          const name = c.name ?? t('timeline.cycle', { number: c.number });
          return { id: c.id, label: state.project === null ? `${projects[c.projectId]?.key ?? ''} · ${name}` : name };
        }),
    [cycles, projects, state.project, t],
  );

  const loadError = data.error === null || data.error === undefined ? null : errorText(data.error, t);
  const keyOf = useCallback((id: number) => held[id]?.key ?? `#${id}`, [held]);
  const colorOf = useCallback((s: number) => statuses[s]?.color, [statuses]);
  const isDone = useCallback((s: number) => CLOSED.has(statuses[s]?.category ?? ''), [statuses]);
  const issueHref = useCallback((key: string) => href('issue', { id: key }), [href]);
  // A viewer's bars, or an archived project's, do not move (the server would refuse the write).
  const canEdit = useCallback(
    (projectId: number) => {
      const project = projects[projectId];
      return !!project && !project.archivedAt && canInProject(project.myRole, me?.roles, 'issue.edit');
    },
    [projects, me],
  );

  return (
    <Page name="timeline" className="tl-page">
      <Toolbar
        state={state}
        period={formatDayRange(w.from, w.to, locale, { month: 'short', year: 'numeric' })}
        projects={projectOptions}
        assignees={assigneeOptions}
        milestones={milestoneOptions}
        cycles={cycleOptions}
        onChange={setState}
        onShift={(d) => setState({ date: ZOOM_RULES[state.zoom].step(state.date, d) })}
        onToday={() => setState({ date: todayDate })}
        folded={phone}
      />
      {loadError && (
        <div role="alert" className="form-alert tl-error" data-testid="tl-error">
          {loadError}{' '}
          <Button size="small" onClick={data.retry}>
            {t('timeline.retry')}
          </Button>
        </div>
      )}
      <p className="muted tl-hint" id="tl-keys-hint">
        {readOnly ? t('timeline.readOnly') : t('timeline.hint')}
      </p>
      {warned > 0 && (
        <p className="tl-warning" role="status" data-testid="tl-warning">
          <span aria-hidden="true">⚠ </span>
          {t('timeline.warnings', { count: warned })}
        </p>
      )}
      {data.issues === null ? (
        <Loading page />
      ) : rows.length === 0 ? (
        <p className="tl-empty muted" data-testid="tl-empty">
          {t('timeline.empty')}
        </p>
      ) : (
        <TimelineChart
          window={w}
          weekStart={weekStart}
          today={todayDate}
          focusDate={state.date}
          rows={rows}
          relations={data.relations}
          conflicts={conflicts}
          milestones={shownMilestones}
          pending={pending}
          readOnly={readOnly}
          canEdit={canEdit}
          labelWidth={phone ? 120 : 260}
          issueHref={issueHref}
          colorOf={colorOf}
          isDone={isDone}
          keyOf={keyOf}
          describeDates={fmt.dates}
          format={fmt.scale}
          formatLong={fmt.long}
          onCommit={commit}
        />
      )}
    </Page>
  );
}
