// Issue activity → Telegram messages. A trigger on `activities` queues one `telegram.activity` job
// per relevant row in the writing transaction; this turns it into one `telegram.send` job per
// recipient (each retried on its own), so a request never waits for Telegram.
import type { EntityManager } from '@mikro-orm/postgresql';
import { botText, cardKeyboard, formatCard, type IssueCard } from '@tracker/bot';
import { isLocale, type Locale } from '@tracker/shared/locales';
import { todayDate } from '@tracker/shared/quick-add/calendar';
import type { JobQueue } from '../jobs/index.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';
import { cardsByIds } from '../issues/cards.queries.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { inQuietHours } from './quiet-hours.ts';

export const ACTIVITY_JOB = 'telegram.activity';
export const SEND_JOB = 'telegram.send';

export type NotifyEvent = 'assigned' | 'mentioned' | 'statusChanged' | 'dueTomorrow';
const SETTING_COLUMN: Record<NotifyEvent, string> = { assigned: 'assigned', mentioned: 'mentioned', statusChanged: 'status_changed', dueTomorrow: 'due_soon' };

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

/** Linked, unblocked users among `userIds` who want `event` and may still see the project. */
async function recipients(em: EntityManager, userIds: number[], projectId: number, event: NotifyEvent): Promise<Recipient[]> {
  if (!userIds.length) return [];
  return em.execute<Recipient[]>(
    `select u.telegram_id, u.locale, ns.quiet_from, ns.quiet_to, ns.time_zone
       from users u join projects p on p.id = ? left join notification_settings ns on ns.user_id = u.id
      where u.id = any(?::int[]) and u.telegram_id is not null and u.blocked_at is null
        and coalesce(ns.${SETTING_COLUMN[event]}, true) and ${userCanViewProjectSql('u', 'p')}`,
    [projectId, `{${userIds.join(',')}}`],
  );
}

export function createNotifier(deps: { jobs: JobQueue; botUsername: () => string }) {
  function personal(r: Recipient, card: IssueCard, headline: (locale: Locale) => string): SendPayload {
    const locale = localeOf(r.locale);
    const tz = r.time_zone ?? DEFAULT_TIME_ZONE;
    return {
      chatId: Number(r.telegram_id),
      text: `${headline(locale)}\n\n${formatCard(card, locale, todayDate(tz))}`,
      replyMarkup: cardKeyboard(card, locale, deps.botUsername()),
      silent: inQuietHours({ from: r.quiet_from, to: r.quiet_to, timeZone: tz }),
    };
  }

  async function toGroups(em: EntityManager, issueId: number, projectId: number, card: IssueCard, headline: (locale: Locale) => string): Promise<SendPayload[]> {
    const chats = await em.execute<{ chat_id: string; thread_id: number }[]>(
      `select distinct chat_id, thread_id from telegram_chat_links
        where project_id = ? or stream_id in (select stream_id from issue_streams where issue_id = ?)`,
      [projectId, issueId],
    );
    // Group chats have no single reader's language: the default one.
    return chats.map((c) => ({
      chatId: Number(c.chat_id),
      ...(c.thread_id ? { threadId: c.thread_id } : {}),
      text: `${headline('ru')}\n\n${formatCard(card, 'ru', todayDate(DEFAULT_TIME_ZONE))}`,
      replyMarkup: cardKeyboard(card, 'ru', deps.botUsername(), false),
      silent: false,
    }));
  }

  async function enqueueAll(em: EntityManager, messages: SendPayload[]) {
    for (const m of messages) await deps.jobs.enqueue(em, SEND_JOB, m as unknown as Record<string, unknown>, { maxAttempts: 6 });
  }

  /**
   * The job may run after later changes (a busy worker, a retry): the issue's assignee then is not
   * the one it was created with, who is the first later reassignment's old value, if there is one.
   */
  async function assigneeAtCreation(em: EntityManager, activityId: number, issueId: number, current: number | null): Promise<number | null> {
    const [later] = await em.execute<{ old_value: unknown }[]>(
      `select old_value from activities where issue_id = ? and field = 'assigneeId' and id > ? order by id limit 1`,
      [issueId, activityId],
    );
    if (!later) return current;
    return later.old_value == null ? null : Number(later.old_value);
  }

  /** The `telegram.activity` job: who hears about this activity row, and what they read. */
  async function onActivity(em: EntityManager, activityId: number): Promise<void> {
    const [a] = await em.execute<{ action: string; field: string | null; old_value: any; new_value: any; actor_id: number | null; actor_name: string | null; issue_id: number; project_id: number; assignee_id: number | null }[]>(
      `select a.action, a.field, a.old_value, a.new_value, a.actor_id, actor.name as actor_name, a.issue_id, i.project_id, i.assignee_id
         from activities a join issues i on i.id = a.issue_id left join users actor on actor.id = a.actor_id where a.id = ?`,
      [activityId],
    );
    if (!a) return;
    const [card] = await cardsByIds(em, null, [a.issue_id]);
    if (!card) return;
    const actor = a.actor_name ?? '—';
    const others = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id != null && id !== a.actor_id))];
    const messages: SendPayload[] = [];

    if (a.action === 'created' || (a.action === 'updated' && a.field === 'assigneeId')) {
      const assignee = a.action === 'created' ? await assigneeAtCreation(em, activityId, a.issue_id, a.assignee_id) : (a.new_value as number | null);
      for (const r of await recipients(em, others([assignee]), a.project_id, 'assigned')) messages.push(personal(r, card, (l) => botText(l, 'notify.assigned', { actor })));
      if (a.action === 'created') messages.push(...(await toGroups(em, a.issue_id, a.project_id, card, (l) => botText(l, 'notify.created', { actor }))));
    } else if (a.action === 'mentioned') {
      const userId = Number(a.new_value?.userId);
      for (const r of await recipients(em, others([userId]), a.project_id, 'mentioned')) messages.push(personal(r, card, (l) => botText(l, 'notify.mentioned', { actor })));
    } else if (a.action === 'updated' && a.field === 'statusId') {
      const names = await em.execute<{ id: number; name: string }[]>('select id, name from statuses where id = any(?::int[])', [`{${[a.old_value, a.new_value].map(Number).join(',')}}`]);
      const name = (id: unknown) => names.find((s) => s.id === Number(id))?.name ?? '';
      const headline = (l: Locale) => botText(l, 'notify.statusChanged', { actor, from: name(a.old_value), to: name(a.new_value) });
      const watchers = await em.execute<{ user_id: number }[]>('select user_id from issue_watchers where issue_id = ?', [a.issue_id]);
      for (const r of await recipients(em, others([...watchers.map((w) => w.user_id), a.assignee_id]), a.project_id, 'statusChanged')) messages.push(personal(r, card, headline));
      messages.push(...(await toGroups(em, a.issue_id, a.project_id, card, headline)));
    }
    await enqueueAll(em, messages);
  }

  /** Issues due tomorrow (in the assignee's time zone), each told once per due date. */
  async function onDueScan(em: EntityManager): Promise<number> {
    return em.transactional(async (tem) => {
      const due = await tem.execute<{ issue_id: number; project_id: number; assignee_id: number }[]>(
        `insert into telegram_due_notices (issue_id, due_date)
         select i.id, i.due_date from issues i join statuses s on s.id = i.status_id join users u on u.id = i.assignee_id
           left join notification_settings ns on ns.user_id = u.id
          where u.telegram_id is not null and u.blocked_at is null and s.category not in ('completed', 'canceled')
            and i.due_date = (now() at time zone coalesce(ns.time_zone, ?))::date + 1
         on conflict do nothing
         returning issue_id, (select project_id from issues where id = issue_id), (select assignee_id from issues where id = issue_id)`,
        [DEFAULT_TIME_ZONE],
      );
      const cards = await cardsByIds(tem, null, due.map((d) => d.issue_id));
      for (const d of due) {
        const card = cards.find((c) => c.id === d.issue_id);
        if (!card) continue;
        const people = await recipients(tem, [d.assignee_id], d.project_id, 'dueTomorrow');
        await enqueueAll(tem, people.map((r) => personal(r, card, (l) => botText(l, 'notify.dueTomorrow'))));
      }
      return due.length;
    });
  }

  return { onActivity, onDueScan };
}
