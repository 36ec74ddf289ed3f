// What concerns people (concern.ts) → Telegram messages: one outbox message (outbox.ts) per linked,
// reachable recipient who wants that event, and one per group chat bound to the issue's project or
// streams, in that chat's language, so a request never waits for Telegram.
import type { EntityManager } from '@mikro-orm/postgresql';
import { cardKeyboard, formatCard, notifyHeadline, reminderKeyboard, type IssueCard } from '@tracker/bot';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { todayIn } from '@tracker/shared/dates';
import type { JobQueue } from '../jobs/index.ts';
import { cardsByIds } from '../issues/cards.queries.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { intArray } from '../../db/sql.ts';
import { groupVisibleCondition } from '../projects/project-access.ts';
import type { Concern, ConcernKind } from './concern.ts';
import { queueMessage, type OutboxMessage } from './outbox.ts';
import { inQuietHours } from './quiet-hours.ts';

/** The settings column for each kind that Telegram tells; comments reach Telegram on issues assigned to the person only. */
const SETTING_COLUMN: Partial<Record<ConcernKind, string>> = {
  assigned: 'assigned',
  mentioned: 'mentioned',
  commented: 'assigned_comments',
  statusChanged: 'status_changed',
  dueTomorrow: 'due_soon',
  dueToday: 'due_soon',
};
const REMINDERS = new Set<ConcernKind>(['dueTomorrow', 'dueToday']);

interface Recipient {
  id: number;
  telegram_id: string;
  locale: string;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string | null;
}

const localeOf = (l: string): Locale => (isLocale(l) ? l : 'ru');

/** Linked users among `userIds` (already those concerned and allowed to see) who want this setting. */
async function recipients(em: EntityManager, userIds: number[], setting: string): Promise<Recipient[]> {
  if (!userIds.length) return [];
  return em.execute<Recipient[]>(
    `select u.id, u.telegram_id, u.locale, ns.quiet_from, ns.quiet_to, ns.time_zone
       from users u left join notification_settings ns on ns.user_id = u.id
      where u.id = any(?::int[]) and u.telegram_id is not null and u.telegram_unreachable_at is null and coalesce(ns.${setting}, true)`,
    [intArray(userIds)],
  );
}

/** Of those a comment concerns, Telegram tells the issue's assignee only (watchers have it in the inbox). */
async function assigneeAmong(em: EntityManager, issueId: number, userIds: number[]): Promise<number[]> {
  const [issue] = await em.execute<{ assignee_id: number | null }[]>('select assignee_id from issues where id = ?', [issueId]);
  return userIds.filter((id) => id === issue?.assignee_id);
}

function headline(c: Concern): (locale: Locale) => string {
  const actor = REMINDERS.has(c.kind) ? null : (c.actorName ?? '—');
  return (l) => notifyHeadline(l, c.kind, actor, c.data);
}

export function createNotifier(deps: { jobs: JobQueue; botUsername: () => string; burstSec: number }) {
  function personal(r: Recipient, card: IssueCard, text: (locale: Locale) => string, reminder: boolean): OutboxMessage {
    const locale = localeOf(r.locale);
    const tz = r.time_zone ?? DEFAULT_TIME_ZONE;
    return {
      chatId: Number(r.telegram_id),
      issueId: card.id,
      line: text(locale),
      card: formatCard(card, locale, todayIn(tz)),
      replyMarkup: reminder ? reminderKeyboard(card, locale, deps.botUsername()) : cardKeyboard(card, locale, deps.botUsername(), true, r.id),
      silent: inQuietHours({ from: r.quiet_from, to: r.quiet_to, timeZone: tz }),
    };
  }

  /**
   * The group chats bound to the issue, each in its own language; not the chat the issue was created
   * or changed from, which shows it already; only chats the issue's project may be shown in (the group rule).
   * A forum topic linked to the project takes its posts instead of the forum's general link (`/topics`).
   */
  async function toGroups(em: EntityManager, c: Concern, card: IssueCard, text: (locale: Locale) => string): Promise<OutboxMessage[]> {
    const shown = groupVisibleCondition({ column: 'l.chat_id' }, 'p');
    const chats = await em.execute<{ chat_id: string; thread_id: number; locale: string }[]>(
      `select distinct on (l.chat_id, l.thread_id) l.chat_id, l.thread_id, l.locale from telegram_chat_links l
        where (l.project_id = ? or l.stream_id in (select stream_id from issue_streams where issue_id = ?))
          and exists (select 1 from projects p where p.id = ? and ${shown.sql})
          and (not ?::boolean or l.chat_id not in (select chat_id from telegram_issue_origins where issue_id = ?))
          and l.chat_id not in (select chat_id from telegram_activity_origins where activity_id = ?)
          and not (l.thread_id = 0 and exists (select 1 from telegram_chat_links tl where tl.chat_id = l.chat_id and tl.thread_id <> 0 and tl.project_id = ?))
        order by l.chat_id, l.thread_id, l.id`,
      [c.projectId, c.issueId, c.projectId, ...shown.params, c.groups === 'created', c.issueId, c.activityId ?? 0, c.projectId],
    );
    return chats.map((chat) => {
      const locale = localeOf(chat.locale);
      return {
        chatId: Number(chat.chat_id),
        ...(chat.thread_id ? { threadId: chat.thread_id } : {}),
        issueId: card.id,
        line: text(locale),
        card: formatCard(card, locale, todayIn(DEFAULT_TIME_ZONE)),
        replyMarkup: cardKeyboard(card, locale, deps.botUsername(), false),
        silent: false,
      };
    });
  }

  /** Queues the messages a concern makes: to each linked person who wants it, and to group chats. */
  async function tell(em: EntityManager, c: Concern): Promise<void> {
    const setting = SETTING_COLUMN[c.kind];
    if (!setting && !c.groups) return;
    const [card] = await cardsByIds(em, null, [c.issueId]);
    if (!card) return;
    const text = headline(c);
    const messages: OutboxMessage[] = [];
    if (setting) {
      const userIds = c.kind === 'commented' ? await assigneeAmong(em, c.issueId, c.userIds) : c.userIds;
      for (const r of await recipients(em, userIds, setting)) messages.push(personal(r, card, text, REMINDERS.has(c.kind)));
    }
    if (c.groups === 'created') messages.push(...(await toGroups(em, c, card, (l) => notifyHeadline(l, 'created', c.actorName ?? '—'))));
    if (c.groups === 'statusChanged') messages.push(...(await toGroups(em, c, card, text)));
    for (const m of messages) await queueMessage(em, deps.jobs, m, deps.burstSec);
  }

  return { tell };
}
