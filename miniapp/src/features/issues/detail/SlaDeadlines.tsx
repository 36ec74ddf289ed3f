// The issue's SLA deadlines on its page (docs/sla.md): when the first response and the resolution
// are due, whether each was met or missed, and that the clocks stand while the issue waits.
import type { IssueSla } from '@tracker/shared/api/sla';
import { useTranslation } from 'react-i18next';
import { SlaBadge } from '../../../components/issue/SlaBadge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

interface Props {
  sla: IssueSla;
  completedAt: string | null;
}

export function SlaDeadlines({ sla, completedAt }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const at = (iso: string) => formatDateTime(iso, locale);
  // A deadline is met when its clock stopped in time: answered (or resolved) by then.
  const line = (which: 'respond' | 'resolve', by: string | null, doneAt: string | null) => {
    if (!by) return null;
    const state = doneAt ? (Date.parse(doneAt) <= Date.parse(by) ? 'met' : 'missed') : 'open';
    return (
      <li data-testid={`issue-sla-${which}`} data-state={state}>
        {t(`issues.sla.${which}By`, { date: at(by) })}
        {state !== 'open' && ` · ${t(`issues.sla.${state}`)}`}
      </li>
    );
  };
  return (
    <div className="field" data-testid="issue-sla-deadlines">
      <span className="field__label">
        {t('issues.sla.label')} <SlaBadge issue={{ sla, completedAt }} locale={locale} t={t} />
      </span>
      <ul className="sla-deadlines">
        {line('respond', sla.respondBy, sla.respondedAt)}
        {line('resolve', sla.resolveBy, completedAt)}
      </ul>
      {sla.paused && <small className="muted">{t('issues.sla.pausedHint')}</small>}
    </div>
  );
}
