// What concerns people (concern.ts) → Telegram messages: one `telegram.send` job per linked
// recipient who wants that event, and one per group chat bound to the issue's project or streams
// (each retried on its own), so a request never waits for Telegram.
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
import { inQuietHours } from './quiet-hours.ts';

export const SEND_JOB = 'telegram.send';

/** The settings column for each kind that Telegram tells; comments are for the inbox only. */
const SETTING_COLUMN: Partial<Record<InboxKind, string>> = { assigned: 'assigned', mentioned: 'mentioned', statusChanged: 'status_changed', dueTomorrow: 'due_soon' };

export interface SendPayload {
  chatId: number;
  threadId?: number;
  text: string;
  replyMarkup: unknown;
  silent: boolean;
}

interface Recipient {
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
    `select u.telegram_id, u.locale, ns.quiet_from, ns.quiet_to, ns.time_zone
       from users u left join notification_settings ns on ns.user_id = u.id
      where u.id = any(?::int[]) and u.telegram_id is not null and coalesce(ns.${setting}, true)`,
    [intArray(userIds)],
  );
}

function headline(c: Concern): (locale: Locale) => string {
  // Comments reach the inbox only (no SETTING_COLUMN), never this line.
  const actor = c.kind === 'dueTomorrow' ? null : (c.actorName ?? '—');
  return (l) => notifyHeadline(l, c.kind, actor, c.data);
}

export function createNotifier(deps: { jobs: JobQueue; botUsername: () => string }) {
  function personal(r: Recipient, card: IssueCard, text: (locale: Locale) => string): SendPayload {
    const locale = localeOf(r.locale);
    const tz = r.time_zone ?? DEFAULT_TIME_ZONE;
    return {
      chatId: Number(r.telegram_id),
      text: `${text(locale)}\n\n${formatCard(card, locale, todayDate(tz))}`,
      replyMarkup: cardKeyboard(card, locale, deps.botUsername()),
      silent: inQuietHours({ from: r.quiet_from, to: r.quiet_to, timeZone: tz }),
    };
  }

  async function toGroups(em: EntityManager, c: Concern, card: IssueCard, text: (locale: Locale) => string): Promise<SendPayload[]> {
    const chats = await em.execute<{ chat_id: string; thread_id: number }[]>(
      `select distinct chat_id, thread_id from telegram_chat_links
        where project_id = ? or stream_id in (select stream_id from issue_streams where issue_id = ?)`,
      [c.projectId, c.issueId],
    );
    // Group chats have no single reader's language: the default one.
    return chats.map((chat) => ({
      chatId: Number(chat.chat_id),
      ...(chat.thread_id ? { threadId: chat.thread_id } : {}),
      text: `${text('ru')}\n\n${formatCard(card, 'ru', todayDate(DEFAULT_TIME_ZONE))}`,
      replyMarkup: cardKeyboard(card, 'ru', deps.botUsername(), false),
      silent: false,
    }));
  }

  /** Queues the messages a concern makes: to each linked person who wants it, and to group chats. */
  async function tell(em: EntityManager, c: Concern): Promise<void> {
    const setting = SETTING_COLUMN[c.kind];
    if (!setting && !c.groups) return;
    const [card] = await cardsByIds(em, null, [c.issueId]);
    if (!card) return;
    const text = headline(c);
    const messages: SendPayload[] = [];
    if (setting) for (const r of await recipients(em, c.userIds, setting)) messages.push(personal(r, card, text));
    if (c.groups === 'created') messages.push(...(await toGroups(em, c, card, (l) => notifyHeadline(l, 'created', c.actorName ?? '—'))));
    if (c.groups === 'statusChanged') messages.push(...(await toGroups(em, c, card, text)));
    for (const m of messages) await deps.jobs.enqueue(em, SEND_JOB, m as unknown as Record<string, unknown>, { maxAttempts: 6 });
  }

  return { tell };
}
