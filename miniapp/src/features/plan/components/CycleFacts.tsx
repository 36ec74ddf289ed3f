// A cycle's numbers at a glance: scope, completed, in progress, and where it stands in time.
import type { CycleDetail } from '@tracker/shared/api/cycles';
import { daysBetween } from '@tracker/shared/cycle-dates';
import { addDays } from '@tracker/shared/dates';
import { useTranslation } from 'react-i18next';
import { formatDay, today } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { Progress } from './Progress.tsx';

export function CycleWhen({ cycle }: { cycle: Pick<CycleDetail, 'startsOn' | 'endsOn'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = today();
  if (now < cycle.startsOn) return <>{t('plan.cycle.startsIn', { count: daysBetween(now, cycle.startsOn) })}</>;
  if (now < cycle.endsOn) return <>{t('plan.cycle.daysLeft', { count: daysBetween(now, cycle.endsOn) })}</>;
  return <>{t('plan.cycle.ended', { date: formatDay(addDays(cycle.endsOn, -1), locale) })}</>;
}

export function CycleFacts({ cycle }: { cycle: CycleDetail }) {
  const { t } = useTranslation();
  const facts = [
    ['scope', cycle.scope],
    ['completed', cycle.completed],
    ['inProgress', cycle.inProgress],
  ] as const;
  return (
    <div className="cycle-facts">
      <dl className="cycle-facts__numbers" data-testid="cycle-facts">
        {facts.map(([name, value]) => (
          <div key={name} data-testid={`cycle-${name}`}>
            <dt>{t(`plan.cycle.${name}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Progress completed={cycle.completed} total={cycle.scope} />
      <p className="muted">
        <CycleWhen cycle={cycle} />
        {cycle.rolledOverAt && ` · ${t('plan.cycle.rolledOver')}`}
      </p>
    </div>
  );
}
