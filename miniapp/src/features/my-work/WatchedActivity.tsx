// Recent activity on the issues I watch (others' changes, newest first).
import type { Activity } from '@tracker/shared/api/issues';
import { formatDuration } from '@tracker/shared/duration-format';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref, useLocale } from '../../lib/use-locale.ts';
import { ActorLine } from '../../components/issue/ActorLine.tsx';
import { formatDateTime } from '../../lib/dates.ts';

function useDescribe() {
  const { t, i18n } = useTranslation();
  return (a: Activity): string => {
    switch (a.action) {
      case 'created':
        return t('events.kinds.created');
      case 'commented':
        return t('events.kinds.commented');
      case 'updated': {
        if (a.field === 'statusId') return t('events.kinds.statusChanged');
        const key = `issues.activity.fields.${a.field}`;
        return t('issues.activity.changed', { field: i18n.exists(key) ? t(key) : a.field });
      }
      case 'comment.deleted':
        return t('issues.activity.commentDeleted');
      case 'time.logged':
        return t('issues.activity.timeLogged', { duration: formatDuration(a.newValue.minutes, t) });
      case 'imported':
        return t(a.newValue.updated ? 'issues.activity.reimported' : 'issues.activity.imported', { format: a.newValue.format });
      case 'attachment.added':
        return t('issues.activity.attachmentAdded', { name: a.newValue.fileName });
      case 'attachment.removed':
        return t('issues.activity.attachmentRemoved', { name: a.oldValue.fileName });
      case 'relation.added':
        return t('issues.activity.relationAdded', { type: t(`issues.relations.types.${a.newValue.type}`) });
      case 'relation.removed':
        return t('issues.activity.relationRemoved', { type: t(`issues.relations.types.${a.oldValue.type}`) });
      case 'comment.edited':
      case 'mentioned':
      case 'issue.deleted':
      case 'stream.issue_added':
      case 'stream.issue_removed':
      case 'stream.issue_completed':
      case 'telegram.linked':
      case 'telegram.unlinked':
      case 'member.joined':
        return t('issues.activity.other', { action: a.action });
      case 'recurrence.created':
        return t('recurrence.createdBy');
      default:
        return unreachable(a);
    }
  };
}

/** A new Activity action must be described above: this fails to compile until it is. */
function unreachable(a: never): string {
  return String((a as Activity).action);
}

export function WatchedActivity({ activity }: { activity: readonly Activity[] }) {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const describe = useDescribe();
  return (
    <section className="my-work__activity" data-testid="my-activity" aria-labelledby="my-activity-title">
      <h2 id="my-activity-title">{t('myWork.activity.title')}</h2>
      {activity.length === 0 ? (
        <p className="my-work__empty">{t('myWork.activity.empty')}</p>
      ) : (
        <ul>
          {activity.map((a) => (
            <li key={a.id} className="my-activity" data-testid="my-activity-item">
              <ActorLine actor={a.actor?.name ?? t('myWork.activity.someone')} text={describe(a)} className="my-activity__who" />
              {a.issue && (
                <>
                  {' · '}
                  <Link href={href('issue', { id: a.issue.key })}>
                    {a.issue.key} {a.issue.title}
                  </Link>
                </>
              )}
              <time dateTime={a.createdAt} className="my-activity__time">
                {formatDateTime(a.createdAt, locale, { dateStyle: 'short', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
