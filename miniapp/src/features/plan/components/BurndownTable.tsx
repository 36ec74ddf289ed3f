// The burndown as a table (what screen readers read, and what the chart draws): per day the scope,
// the completed issues and the ideal pace.
import type { CycleDetail } from '@tracker/shared/api/cycles';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

export function BurndownTable({ points }: { points: CycleDetail['burndown'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <table className="plan-table" data-testid="burndown-table">
      <caption>{t('plan.cycle.burndownCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('plan.cycle.date')}</th>
          <th scope="col">{t('plan.cycle.scope')}</th>
          <th scope="col">{t('plan.cycle.completed')}</th>
          <th scope="col">{t('plan.cycle.ideal')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.date}>
            <th scope="row">{formatDay(p.date, locale)}</th>
            <td>{p.scope}</td>
            <td>{p.completed}</td>
            <td>{p.ideal}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function VelocityTable({ velocity }: { velocity: CycleDetail['velocity'] }) {
  const { t } = useTranslation();
  if (!velocity.cycles.length) return <p className="muted">{t('plan.cycle.noVelocity')}</p>;
  return (
    <>
      <table className="plan-table" data-testid="velocity-table">
        <caption>{t('plan.cycle.velocityCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('plan.cycle.title')}</th>
            <th scope="col">{t('plan.cycle.scope')}</th>
            <th scope="col">{t('plan.cycle.completed')}</th>
          </tr>
        </thead>
        <tbody>
          {velocity.cycles.map((c) => (
            <tr key={c.cycleId}>
              <th scope="row">{c.name || t('plan.cycle.numbered', { number: c.number })}</th>
              <td>{c.scope}</td>
              <td>{c.completed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="velocity-average">
        {t('plan.cycle.velocityAverage', { value: velocity.average })}
      </p>
    </>
  );
}
