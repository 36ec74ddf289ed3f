// One dense line: who, what happened, which issue, when; small actions at the end. Opening the
// issue marks the item read.
import type { InboxItem, UpdateInboxItem } from '@tracker/shared/api/inbox';
import { eventText } from '@tracker/shared/i18n/events';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ColorDot } from '../../components/ColorDot.tsx';
import '../../components/issue/bits.css'; // .avatar, as on issue rows
import { Icon } from '../../components/Icon.tsx';
import { formatDateTime, formatRelative, nextWeekMorning, tomorrowMorning } from '../../lib/dates.ts';
import { toast } from '../../lib/toasts.ts';
import { initials } from '../../lib/initials.ts';
import { useHref, useLocale } from '../../lib/use-locale.ts';

function Avatar({ actor }: { actor: InboxItem['actor'] }) {
  if (actor?.avatarUrl) return <img className="avatar" src={actor.avatarUrl} width={24} height={24} alt="" />;
  return (
    <span className="avatar" aria-hidden="true">
      {actor ? initials(actor.name) : <Icon name="lucide:calendar-clock" size={14} />}
    </span>
  );
}

function Action({ label, icon, onClick, testId }: { label: string; icon: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="inbox-row__action" aria-label={label} title={label} onClick={onClick} data-testid={testId}>
      <Icon name={icon} size={16} />
    </button>
  );
}

export function InboxRow({ item, now, onChange }: { item: InboxItem; now: Date; onChange: (item: InboxItem, change: UpdateInboxItem) => void }) {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const unread = item.readAt === null;
  const what = eventText((key, values) => t(key, values ?? {}), item.kind, item.data);
  const snooze = (until: Date) => {
    onChange(item, { snoozedUntil: until.toISOString() });
    toast({ title: t('inbox.snoozedUntil', { date: formatDateTime(until, locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) }), color: 'info' });
  };
  return (
    <li className={`inbox-row${unread ? ' inbox-row--unread' : ''}`} data-testid="inbox-item" data-kind={item.kind} data-unread={unread}>
      <Avatar actor={item.actor} />
      <Link className="inbox-row__main" href={href('issue', { id: item.issue.key })} onClick={() => unread && onChange(item, { read: true })}>
        <span className="inbox-row__what">
          {item.actor ? <Trans i18nKey="events.byActor" values={{ actor: item.actor.name, text: what }} components={{ strong: <strong /> }} /> : <strong>{what}</strong>}
        </span>
        <span className="inbox-row__issue">
          <ColorDot color={item.issue.status.color} className="inbox-row__dot" />
          <span className="inbox-row__key">{item.issue.key}</span> <span className="inbox-row__title">{item.issue.title}</span>
        </span>
        {item.data.excerpt && <span className="inbox-row__excerpt">{item.data.excerpt}</span>}
      </Link>
      <time className="inbox-row__time" dateTime={item.createdAt} title={formatDateTime(item.createdAt, locale)}>
        {formatRelative(item.createdAt, now, locale)}
      </time>
      <span className="inbox-row__actions">
        {item.archivedAt ? (
          <Action label={t('inbox.actions.unarchive')} icon="lucide:archive-restore" onClick={() => onChange(item, { archived: false })} testId="inbox-unarchive" />
        ) : (
          <>
            {unread ? (
              <Action label={t('inbox.actions.read')} icon="lucide:check" onClick={() => onChange(item, { read: true })} testId="inbox-read" />
            ) : (
              <Action label={t('inbox.actions.unread')} icon="lucide:mail" onClick={() => onChange(item, { read: false })} testId="inbox-unread-one" />
            )}
            <Action label={t('inbox.actions.snoozeTomorrow')} icon="lucide:alarm-clock" onClick={() => snooze(tomorrowMorning())} testId="inbox-snooze-tomorrow" />
            <Action label={t('inbox.actions.snoozeNextWeek')} icon="lucide:calendar-clock" onClick={() => snooze(nextWeekMorning(locale))} testId="inbox-snooze-week" />
            <Action label={t('inbox.actions.archive')} icon="lucide:archive" onClick={() => onChange(item, { archived: true })} testId="inbox-archive" />
          </>
        )}
      </span>
    </li>
  );
}
