// A cycle's burndown and velocity drawn (components/chart: Chartist, loaded with the first chart);
// the tables beside them hold the same figures for screen readers.
import type { CycleDetail } from '@tracker/shared/api/cycles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartModel } from '../../../components/chart/chart.ts';
import { ChartView } from '../../../components/chart/ChartView.tsx';
import { cycleTitle } from '../../../lib/cycles.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export function BurndownChart({ points }: { points: CycleDetail['burndown'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const model = useMemo<ChartModel>(
    () => ({
      kind: 'line',
      horizontal: false,
      integer: true,
      labels: points.map((p) => formatDay(p.date, locale)),
      series: [
        { key: 'scope', name: t('plan.cycle.scope'), data: points.map((p) => p.scope) },
        { key: 'completed', name: t('plan.cycle.completed'), data: points.map((p) => p.completed) },
        { key: 'ideal', name: t('plan.cycle.ideal'), data: points.map((p) => p.ideal) },
      ],
    }),
    [points, locale, t],
  );
  if (!points.length) return null;
  return <ChartView model={model} label={t('plan.cycle.burndownCaption')} failedText={t('plan.cycle.chartFailed')} testid="burndown-chart" />;
}

export function VelocityChart({ velocity }: { velocity: CycleDetail['velocity'] }) {
  const { t } = useTranslation();
  const model = useMemo<ChartModel>(
    () => ({
      kind: 'bar',
      horizontal: false,
      integer: true,
      labels: velocity.cycles.map((c) => cycleTitle(c, t)),
      series: [
        { key: 'scope', name: t('plan.cycle.scope'), data: velocity.cycles.map((c) => c.scope) },
        { key: 'completed', name: t('plan.cycle.completed'), data: velocity.cycles.map((c) => c.completed) },
      ],
    }),
    [velocity, t],
  );
  if (!velocity.cycles.length) return null;
  return <ChartView model={model} label={t('plan.cycle.velocityCaption')} failedText={t('plan.cycle.chartFailed')} testid="velocity-chart" />;
}
