import type { Status } from '@tracker/shared/api/projects';
import { useTranslation } from 'react-i18next';
import { progressByCategory } from '../model.ts';

/** A stacked bar by status category; the legend carries the same numbers as text. */
export function StatusProgress({ statuses, progress }: { statuses: readonly Status[]; progress: readonly { statusId: number; count: number }[] }) {
  const { t } = useTranslation();
  const segments = progressByCategory(statuses, progress);
  const total = segments.reduce((n, s) => n + s.count, 0);
  if (!total) return <p className="muted">{t('projects.overview.noIssues')}</p>;
  return (
    <div className="sprog" data-testid="project-progress">
      <div className="sprog__bar" aria-hidden="true">
        {segments.map((s) => (
          <span key={s.category} className={`sprog__seg sprog-cat--${s.category}`} style={{ flexGrow: s.count }} title={`${t(`projects.categories.${s.category}`)}: ${s.count}`} />
        ))}
      </div>
      <ul className="sprog__legend">
        {segments.map((s) => (
          <li key={s.category} data-category={s.category}>
            <span className={`dot sprog-cat--${s.category}`} aria-hidden="true" />
            <strong>{t(`projects.categories.${s.category}`)}</strong> {s.count}
            <span className="muted small"> ({s.statuses.filter((x) => x.count > 0).map((x) => `${x.name} ${x.count}`).join(', ')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
