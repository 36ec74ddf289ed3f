// A bar and its count ("3 of 8 done"), read by screen readers as a progressbar.
import { useTranslation } from 'react-i18next';

export function Progress({ completed, total, testid }: { completed: number; total: number; testid?: string }) {
  const { t } = useTranslation();
  const percent = total ? Math.round((completed / total) * 100) : 0;
  return (
    <div className="plan-progress" data-testid={testid}>
      <div className="plan-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('plan.milestone.progressLabel', { percent })}>
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="plan-progress__count">{t('plan.milestone.progress', { completed, total })}</span>
    </div>
  );
}
