// `/insights`: charts of the issues the list's filters select (`?project=KEY` from a project's page,
// `?stream=ID` from a stream's), or a saved view's, over a range of days (the last 12 weeks by
// default): created vs resolved, cycle and lead time, workload, the overdue trend, time logged.
// Each chart has its table, CSV and PNG. The state is in the query string.
import { INSIGHT_METRICS, TIME_GROUPS, WORKLOAD_GROUPS, type InsightMetric } from '@tracker/shared/api/values/insights';
import { formatDuration } from '@tracker/shared/duration-format';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { Page } from '../../../components/Page.tsx';
import type { FilterBarSlot } from '../../../components/slots.ts';
import { formatDay, formatDayRange } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useStoreReference } from '../../../store/index.ts';
import { InsightCard } from '../components/InsightCard.tsx';
import type { Words } from '../model.ts';
import { chartQuery, parseInsightsSearch, toInsightsSearch, type InsightsState } from '../state.ts';
import '../insights.css';

/** `FilterBar`: the issues feature's, passed in by the route (app/routes/InsightsPage.tsx). */
export default function InsightsPage({ FilterBar }: { FilterBar: FilterBarSlot }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const state = parseInsightsSearch(useSearch());
  const set = (patch: Partial<InsightsState>, options?: { replace?: boolean }) => navigate(`${location}${toInsightsSearch({ ...state, ...patch })}`, options);
  const views = useStoreReference()?.views ?? [];
  const ids = { from: useId(), to: useId(), view: useId() };

  // Keys made from data (a metric, a grouping) are checked by the locale test, not by i18next's types.
  const text = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  const words = useMemo<Words>(() => {
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return {
      t: text,
      day: (date) => formatDay(date, locale),
      dayFull: (date) => formatDay(date, locale, { day: 'numeric', month: 'short', year: 'numeric' }),
      duration: (minutes) => formatDuration(minutes, text),
      number: (value) => numbers.format(value),
    };
  }, [text, locale]);
  const period = (from: string, to: string) => formatDayRange(from, to, locale);
  // The range the charts count, as the server worked it out (the last 12 weeks in the user's zone by default).
  const [counted, setCounted] = useState<{ from: string; to: string } | null>(null);
  const onRange = useCallback((from: string, to: string) => setCounted((c) => (c?.from === from && c.to === to ? c : { from, to })), []);

  const grouping = <G extends string>(metric: InsightMetric, groups: readonly G[], value: G, onChange: (group: G) => void): ReactNode => (
    <label className="insight-by">
      <span className="visually-hidden">{text(`insights.metrics.${metric}.by.label`)}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as G)} data-testid={`insight-${metric}-by`}>
        {groups.map((g) => (
          <option key={g} value={g}>
            {text(`insights.metrics.${metric}.by.${g}`)}
          </option>
        ))}
      </select>
    </label>
  );
  const controls: Partial<Record<InsightMetric, ReactNode>> = {
    workload: grouping('workload', WORKLOAD_GROUPS, state.workload, (workload) => set({ workload })),
    time: grouping('time', TIME_GROUPS, state.time, (time) => set({ time })),
  };

  return (
    <Page name="insights" className="insights">
      <p className="muted insights__intro">{t('insights.intro')}</p>
      <FilterBar filters={state.filters} onChange={(filters, options) => set({ filters }, options)} />
      <div className="insights__toolbar" role="group" aria-label={t('insights.range.label')}>
        <label htmlFor={ids.from}>{t('insights.range.from')}</label>
        <DateInput id={ids.from} value={state.from ?? ''} max={state.to ?? undefined} onChange={(from) => set({ from: from || null })} data-testid="insights-from" />
        <label htmlFor={ids.to}>{t('insights.range.to')}</label>
        <DateInput id={ids.to} value={state.to ?? ''} min={state.from ?? undefined} onChange={(to) => set({ to: to || null })} data-testid="insights-to" />
        {counted && (
          <span className="muted" data-testid="insights-period">
            {period(counted.from, counted.to)}
          </span>
        )}
        {(state.from || state.to) && (
          <Button size="small" onClick={() => set({ from: null, to: null })} data-testid="insights-range-reset">
            {t('insights.range.reset')}
          </Button>
        )}
        {views.length > 0 && (
          <>
            <label htmlFor={ids.view}>{t('insights.view.label')}</label>
            <select id={ids.view} value={state.view ?? ''} onChange={(e) => set({ view: e.target.value || null })} data-testid="insights-view">
              <option value="">{t('insights.view.none')}</option>
              {views.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className="insights__grid">
        {INSIGHT_METRICS.map((metric) => (
          <InsightCard key={metric} metric={metric} query={chartQuery(state, metric)} words={words} period={period} controls={controls[metric]} onRange={metric === INSIGHT_METRICS[0] ? onRange : undefined} />
        ))}
      </div>
    </Page>
  );
}
