// What concerns people (concern.ts) → Telegram messages: one outbox message (outbox.ts) per linked,
// reachable recipient who wants that event, and one per group chat bound to the issue's project or
// streams, in that chat's language, so a request never waits for Telegram.
import type { EntityManager } from '@mikro-orm/postgresql';
import { cardKeyboard, formatCard, notifyHeadline, type IssueCard } from '@tracker/bot';
import type { InboxKind } from '@tracker/shared/api/inbox';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { todayDate } from '@tracker/shared/quick-add/calendar';
import type { JobQueue } from '../jobs/index.ts';
import { cardsByIds } from '../issues/cards.queries.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { intArray } from '../../db/sql.ts';
import type { Concern } from './concern.ts';
import { queueMessage, type OutboxMessage } from './outbox.ts';
import { inQuietHours } from './quiet-hours.ts';

/** The settings column for each kind that Telegram tells; comments are for the inbox only. */
const SETTING_COLUMN: Partial<Record<InboxKind, string>> = { assigned: 'assigned', mentioned: 'mentioned', statusChanged: 'status_changed', dueTomorrow: 'due_soon' };

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

function headline(c: Concern): (locale: Locale) => string {
  // Comments reach the inbox only (no SETTING_COLUMN), never this line.
  const actor = c.kind === 'dueTomorrow' ? null : (c.actorName ?? '—');
  return (l) => notifyHeadline(l, c.kind, actor, c.data);
}

export function createNotifier(deps: { jobs: JobQueue; botUsername: () => string; burstSec: number }) {
  function personal(r: Recipient, card: IssueCard, text: (locale: Locale) => string): OutboxMessage {
    const locale = localeOf(r.locale);
    const tz = r.time_zone ?? DEFAULT_TIME_ZONE;
    return {
      chatId: Number(r.telegram_id),
      issueId: card.id,
      line: text(locale),
      card: formatCard(card, locale, todayDate(tz)),
      replyMarkup: cardKeyboard(card, locale, deps.botUsername(), true, r.id),
      silent: inQuietHours({ from: r.quiet_from, to: r.quiet_to, timeZone: tz }),
    };
  }

  /** The group chats bound to the issue, each in its own language; not the chat the issue was created from, which shows it already. */
  async function toGroups(em: EntityManager, c: Concern, card: IssueCard, text: (locale: Locale) => string): Promise<OutboxMessage[]> {
    const chats = await em.execute<{ chat_id: string; thread_id: number; locale: string }[]>(
      `select distinct on (chat_id, thread_id) chat_id, thread_id, locale from telegram_chat_links
        where (project_id = ? or stream_id in (select stream_id from issue_streams where issue_id = ?))
          and (not ?::boolean or chat_id not in (select chat_id from telegram_issue_origins where issue_id = ?))
        order by chat_id, thread_id, id`,
      [c.projectId, c.issueId, c.groups === 'created', c.issueId],
    );
    return chats.map((chat) => {
      const locale = localeOf(chat.locale);
      return {
        chatId: Number(chat.chat_id),
        ...(chat.thread_id ? { threadId: chat.thread_id } : {}),
        issueId: card.id,
        line: text(locale),
        card: formatCard(card, locale, todayDate(DEFAULT_TIME_ZONE)),
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
    if (setting) for (const r of await recipients(em, c.userIds, setting)) messages.push(personal(r, card, text));
    if (c.groups === 'created') messages.push(...(await toGroups(em, c, card, (l) => notifyHeadline(l, 'created', c.actorName ?? '—'))));
    if (c.groups === 'statusChanged') messages.push(...(await toGroups(em, c, card, text)));
    for (const m of messages) await queueMessage(em, deps.jobs, m, deps.burstSec);
  }

  return { tell };
}
