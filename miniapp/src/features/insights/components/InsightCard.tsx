import type { InsightMetric } from '@tracker/shared/api/values/insights';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { saveMadeFile } from '../../../lib/file-download.ts';
import { log } from '../../../lib/logger.ts';
import { useQuery } from '../../../lib/query.ts';
import { insightsApi } from '../api.ts';
import { toCsv } from '../csv.ts';
import { modelOf, type Words } from '../model.ts';
import { ChartView } from '../../../components/chart/ChartView.tsx';
import { InsightTable } from './InsightTable.tsx';

interface Props {
  metric: InsightMetric;
  query: Record<string, string>;
  words: Words;
  /** The range as the page's language writes it. */
  period: (from: string, to: string) => string;
  /** The chart's own controls (a grouping), beside the view toggle. */
  controls?: ReactNode;
  /** Told the range the server counted (the default one when the page names none). */
  onRange?: (from: string, to: string) => void;
}

/** One chart: asked of the server (the one query hook), shown as a chart or as its table, saved as CSV or PNG. */
export function InsightCard({ metric, query, words, period, controls, onRange }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`insights.metrics.${metric}.title`);
  const asked = useQuery(['insights', metric, JSON.stringify(query)], (signal) => insightsApi.metric(metric, query, signal));
  const answer = asked.data;
  const model = useMemo(() => (answer ? modelOf(answer, words) : null), [answer, words]);
  useEffect(() => {
    if (answer) onRange?.(answer.from, answer.to);
  }, [answer, onRange]);
  const [show, setShow] = useState<'chart' | 'table'>('chart');
  const [saveError, setSaveError] = useState<string | null>(null);
  const chartHost = useRef<HTMLDivElement | null>(null);
  const range = answer ? period(answer.from, answer.to) : '';
  const fileName = (ext: string) => `${metric}-${answer?.from}-${answer?.to}.${ext}`;

  const save = async (make: () => Blob | Promise<Blob>, ext: 'csv' | 'png') => {
    setSaveError(null);
    try {
      await saveMadeFile(await make(), fileName(ext), ext === 'csv' ? 'text/csv' : 'image/png');
    } catch (err) {
      log.warn(`insights: no ${ext}`, err);
      setSaveError(t('insights.download.failed'));
    }
  };
  const csvFile = () => new Blob([toCsv(model!.csv)], { type: 'text/csv;charset=utf-8' });
  const pngFile = async () => {
    const svg = chartHost.current?.querySelector('svg');
    if (!svg) throw new Error('no chart drawn');
    const card = chartHost.current!.closest('.insight-card')!;
    const style = getComputedStyle(card);
    const legend = [...card.querySelectorAll<HTMLElement>('[data-swatch]')].map((el) => ({ name: el.dataset.swatch!, color: getComputedStyle(el).backgroundColor }));
    const { chartPng } = await import('../png.ts');
    return chartPng(svg, { title: `${title}, ${range}`, legend, background: style.backgroundColor, text: style.color, font: style.fontFamily });
  };

  const error = saveError ?? (asked.error ? errorText(asked.error, t) : null);
  const showChart = show === 'chart' && !!model && !model.empty;
  return (
    <section className="insight-card" aria-labelledby={titleId} data-testid={`insight-${metric}`}>
      <div className="insight-card__head">
        <h2 id={titleId}>{title}</h2>
        <p className="muted">{t(`insights.metrics.${metric}.description`)}</p>
      </div>
      <div className="insight-card__tools">
        {controls}
        <div className="insight-toggle" role="group" aria-label={t('insights.show.label', { title })}>
          {(['chart', 'table'] as const).map((view) => (
            <Button key={view} size="small" aria-pressed={show === view} onClick={() => setShow(view)} data-testid={`insight-${metric}-show-${view}`}>
              {t(`insights.show.${view}`)}
            </Button>
          ))}
        </div>
        {/* The formats' names are the same in both languages: the verb and the chart are said to screen readers. */}
        <Button size="small" disabled={!model} onClick={() => void save(csvFile, 'csv')} data-testid={`insight-${metric}-csv`}>
          <span className="visually-hidden">{t('insights.download.label')} </span>
          CSV
          <span className="visually-hidden">: {title}</span>
        </Button>
        <Button size="small" disabled={!showChart} onClick={() => void save(pngFile, 'png')} data-testid={`insight-${metric}-png`}>
          <span className="visually-hidden">{t('insights.download.label')} </span>
          PNG
          <span className="visually-hidden">: {title}</span>
        </Button>
      </div>
      <FormAlert message={error} />
      {!model && !asked.error && <Loading />}
      {model && (
        <div className="insight-card__body" aria-busy={asked.fetching || undefined}>
          {model.notes.map((note) => (
            <p key={note} className="insight-note">
              {note}
            </p>
          ))}
          {model.empty && <p className="muted">{t('insights.empty')}</p>}
          {showChart && (
            <>
              <ul className="insight-legend">
                {model.chart.series.map((s) => (
                  <li key={s.key}>
                    <span className={`insight-swatch insight-swatch--${s.key}`} data-swatch={s.name} aria-hidden="true" />
                    {s.name}
                  </li>
                ))}
              </ul>
              <ChartView model={model.chart} label={t('insights.chartLabel', { title, period: range })} failedText={t('insights.chartFailed')} hostRef={chartHost} testid="insight-chart" />
            </>
          )}
          <InsightTable model={model.table} caption={t('insights.caption', { title, period: range })} shown={show === 'table'} testId={`insight-${metric}-table`} />
        </div>
      )}
    </section>
  );
}
