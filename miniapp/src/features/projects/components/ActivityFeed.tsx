import type { Activity } from '@tracker/shared/api/issues';
import type { Status } from '@tracker/shared/api/projects';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { activityLine } from '../model.ts';

/** Recent activity of a project as readable sentences, newest first. */
export function ActivityFeed({ activity, statuses }: { activity: readonly Activity[]; statuses: readonly Status[] }) {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const fmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (!activity.length) return <p className="muted">{t('projects.activity.empty')}</p>;
  const statusName = (id: number) => statuses.find((s) => s.id === id)?.name;
  return (
    <ol className="activity" data-testid="project-activity">
      {activity.map((a) => {
        const line = activityLine(a, statusName);
        const field = line.values.field ? t(`projects.fields.${line.values.field}`) : '';
        return (
          <li key={a.id} className="activity__item">
            <span>
              {a.issue && (
                <>
                  <Link href={href('issue', { id: a.issue.key })} className="key">
                    {a.issue.key}
                  </Link>{' '}
                  <span className="activity__title">{a.issue.title}</span>
                  {' · '}
                </>
              )}
              {t(`projects.activity.${line.key}`, { ...line.values, field, actor: line.values.actor || t('projects.activity.someone') })}
            </span>
            <time dateTime={a.createdAt} className="muted small">
              {fmt.format(new Date(a.createdAt))}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
