// An open issue's SLA on list rows and board cards (docs/sla.md): "breaches in 3 h", "SLA breached"
// or "SLA paused"; warning colours within a day, error colours once missed, the deadline in the
// title. Colour never carries the meaning alone: the words say it.
import type { IssueSla } from '@tracker/shared/api/sla';
import type { Locale } from '@tracker/shared/locales';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { formatDateTime } from '../../lib/dates.ts';
import { slaState, timeLeft } from '@tracker/shared/sla-state';
import { useMinute } from '../../lib/use-minute.ts';
import './bits.css';

interface Props {
  issue: { sla: IssueSla | null; completedAt: string | null };
  locale: Locale;
  /** The list's `t` (one translation hook per list, not one per row). */
  t: TFunction;
}

export const SlaBadge = memo(function SlaBadge({ issue, locale, t }: Props) {
  const now = useMinute();
  const state = slaState(issue, now);
  if (!state) return null;
  if (state.kind !== 'due') {
    return (
      <span className={`sla sla--${state.kind}`} data-testid="issue-sla" data-sla={state.kind}>
        {t(`issues.sla.${state.kind}`)}
      </span>
    );
  }
  const left = timeLeft(state.at, now);
  return (
    <span className={`sla${state.atRisk ? ' sla--risk' : ''}`} title={t('issues.sla.dueAt', { date: formatDateTime(new Date(state.at), locale) })} data-testid="issue-sla" data-sla={state.atRisk ? 'risk' : 'due'}>
      {t(`issues.sla.in.${left.unit}`, { count: left.count })}
    </span>
  );
});
