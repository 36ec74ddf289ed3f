import type { Activity } from '@tracker/shared/api/issues';
import type { Status } from '@tracker/shared/api/projects';
import { eventText, type EventKind } from '@tracker/shared/i18n/events';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { ActorLine } from '../../../components/issue/ActorLine.tsx';
import { activityLine } from '../model.ts';
import { syncState } from '../../../store/index.ts';
import { formatDateTime } from '../../../lib/dates.ts';

// Lines the inbox and the bot also tell: their words come from the shared event texts.
const EVENT_OF: Partial<Record<string, EventKind>> = { created: 'created', status: 'statusChanged', commented: 'commented' };

/** Recent activity of a project as readable sentences, newest first. */
export function ActivityFeed({ activity, statuses }: { activity: readonly Activity[]; statuses: readonly Status[] }) {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  if (!activity.length) return <p className="muted">{t('projects.activity.empty')}</p>;
  const statusName = (id: number) => statuses.find((s) => s.id === id)?.name;
  // Who a mention named: the people of my projects, from the client store.
  const users = syncState().users;
  return (
    <ol className="activity" data-testid="project-activity">
      {activity.map((a) => {
        const line = activityLine(a, statusName, (id) => users[id]?.name);
        const field = line.values.field ? t(`projects.fields.${line.values.field}`) : '';
        const kind = EVENT_OF[line.key];
        const what = kind ? eventText((key, values) => t(key, values ?? {}), kind, line.values) : t(`projects.activity.${line.key}`, { ...line.values, field });
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
              {line.key === 'stream_issue_completed' ? what : <ActorLine actor={line.values.actor || t('projects.activity.someone')} text={what} />}
            </span>
            <time dateTime={a.createdAt} className="muted small">
              {formatDateTime(a.createdAt, locale)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
