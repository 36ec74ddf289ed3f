// What concerns people (concern.ts) → Telegram messages: one outbox message (outbox.ts) per linked,
// reachable recipient who wants that event, and one per group chat bound to the issue's project or
// streams, in that chat's language, so a request never waits for Telegram.
import type { EntityManager } from '@mikro-orm/postgresql';
import { cardKeyboard, formatCard, notifyHeadline, reminderKeyboard, type IssueCard } from '@tracker/bot';
import { isLocale, type Locale } from '@tracker/shared/locales';
import type { JobQueue } from '../jobs/index.ts';
import { cardsByIds } from '../issues/cards.repository.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import type { Concern, ConcernKind } from './concern.ts';
import { groupChatsOf, issueAssignee, telegramRecipients, type NotifySetting, type Recipient } from './notify.repository.ts';
import { queueMessage, type OutboxMessage } from './outbox.ts';
import { inQuietHours } from './quiet-hours.ts';

/** The settings column for each kind that Telegram tells; comments reach Telegram on issues assigned to the person only. */
const SETTING_COLUMN: Partial<Record<ConcernKind, NotifySetting>> = {
  assigned: 'assigned',
  mentioned: 'mentioned',
  commented: 'assigned_comments',
  statusChanged: 'status_changed',
  dueTomorrow: 'due_soon',
  dueToday: 'due_soon',
  slaResponse: 'sla_breached',
  slaResolution: 'sla_breached',
};
const REMINDERS = new Set<ConcernKind>(['dueTomorrow', 'dueToday']);
/** Told by the clock, not by someone: the headline names no one. */
const UNSIGNED = new Set<ConcernKind>([...REMINDERS, 'slaResponse', 'slaResolution']);

const localeOf = (l: string): Locale => (isLocale(l) ? l : 'ru');

/** Linked users among `userIds` (already those concerned and allowed to see) who want this setting. */
async function recipients(em: EntityManager, userIds: number[], setting: NotifySetting): Promise<Recipient[]> {
  if (!userIds.length) return [];
  return telegramRecipients(em, userIds, setting);
}

/** Of those a comment concerns, Telegram tells the issue's assignee only (watchers have it in the inbox). */
async function assigneeAmong(em: EntityManager, issueId: number, userIds: number[]): Promise<number[]> {
  const issue = await issueAssignee(em, issueId);
  return userIds.filter((id) => id === issue?.assignee_id);
}

function headline(c: Concern): (locale: Locale) => string {
  const actor = UNSIGNED.has(c.kind) ? null : (c.actorName ?? '—');
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
      card: formatCard(card, locale, tz),
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
    const chats = await groupChatsOf(em, { projectId: c.projectId, issueId: c.issueId, activityId: c.activityId, created: c.groups === 'created' });
    return chats.map((chat) => {
      const locale = localeOf(chat.locale);
      return {
        chatId: Number(chat.chat_id),
        ...(chat.thread_id ? { threadId: chat.thread_id } : {}),
        issueId: card.id,
        line: text(locale),
        card: formatCard(card, locale, DEFAULT_TIME_ZONE),
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
