import type { Stream, StreamHealth, StreamStatus } from '@tracker/shared/api/streams';
import { useTranslation } from 'react-i18next';
import { Meter } from '../../../components/ProjectBadge.tsx';
import { progressView } from '../model.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useLocale } from '../../../lib/use-locale.ts';

const HEALTH_ICON: Record<StreamHealth, string> = { on_track: '●', at_risk: '▲', off_track: '■' };

/** Health as text, a shape and a colour (never colour alone). */
export function HealthBadge({ health, testId = 'stream-health' }: { health: StreamHealth | null; testId?: string }) {
  const { t } = useTranslation();
  if (!health) return <span className="health health--none" data-testid={testId} data-health="none">{t('streams.health.none')}</span>;
  return (
    <span className={`health health--${health}`} data-testid={testId} data-health={health}>
      <span aria-hidden="true">{HEALTH_ICON[health]}</span> {t(`streams.health.${health}`)}
    </span>
  );
}

export function StatusTag({ status }: { status: StreamStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`tag stag stag--${status}`} data-testid="stream-status" data-status={status}>
      {t(`streams.status.${status}`)}
    </span>
  );
}

export function StreamProgress({ progress, weighted }: { progress: Stream['progress']; weighted: boolean }) {
  const { t } = useTranslation();
  const view = progressView(progress, weighted);
  const label = t(weighted ? 'streams.progress.weighted' : 'streams.progress.count', { done: view.done, total: view.total, percent: view.percent });
  return (
    <div className="sprogress" data-testid="stream-progress">
      <Meter percent={view.percent} label={label} />
      <span className="muted small">{label}</span>
    </div>
  );
}

export function DateRange({ start, target }: { start: string | null; target: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const show = (d: string | null) => (d ? formatDay(d, locale, { dateStyle: 'medium' }) : '…');
  if (!start && !target) return <span className="muted">{t('streams.dates.none')}</span>;
  return (
    <span>
      {show(start)} → {show(target)}
    </span>
  );
}
