// What the notifications read and write: who an event concerns (concern.ts), the Telegram outbox and
// its pauses (outbox.ts), the morning digest (digest.ts) and who hears of what (notify.ts). Typed
// queries (db/kysely.ts); the statements built on shared SQL-text helpers (a user's zone, the project
// and group-chat visibility rules) stay bound SQL text.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxData, InboxKind } from '@tracker/shared/api/inbox';
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import { localNow, localToday, userZone } from '../../db/local-date.ts';
import { intArray } from '../../db/sql.ts';
import { groupVisibleCondition } from '../projects/project-access.ts';
import { userCanViewProjectSql } from '../projects/project-guards.ts';

const now = () => sql<string>`now()`;

// ---- concern.ts ----

export interface ActivityConcernRow {
  action: string;
  field: string | null;
  old_value: any;
  new_value: any;
  actor_id: number | null;
  actor_name: string | null;
  issue_id: number;
  project_id: number;
  assignee_id: number | null;
}

/** Those of `userIds` (not empty) who are not blocked and may see the project, by id. */
export async function presentUserIds(em: EntityManager, userIds: number[], projectId: number): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select u.id from users u join projects p on p.id = ? where u.id = any(?::int[]) and u.blocked_at is null and ${userCanViewProjectSql('u', 'p')} order by u.id`,
    [projectId, intArray(userIds)],
  );
  return rows.map((r) => r.id);
}

/** The first reassignment of the issue after an activity row: its old value is the assignee the row saw. */
export async function laterAssigneeChange(em: EntityManager, issueId: number, activityId: number): Promise<{ old_value: unknown } | undefined> {
  return kysely(em)
    .selectFrom('activities')
    .select('old_value')
    .where('issue_id', '=', issueId)
    .where('field', '=', 'assigneeId')
    .where('id', '>', String(activityId))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The ids of an issue's watchers. */
export async function watcherIds(em: EntityManager, issueId: number): Promise<number[]> {
  const rows = await kysely(em).selectFrom('issue_watchers').select('user_id').where('issue_id', '=', issueId).execute();
  return rows.map((r) => r.user_id);
}

/** A comment's body; undefined once it is gone. */
export async function commentBody(em: EntityManager, commentId: number): Promise<string | undefined> {
  const row = await kysely(em).selectFrom('comments').select('body').where('id', '=', commentId).executeTakeFirst();
  return row?.body;
}

/** An activity row with its actor's name and its issue's project and assignee. */
export async function activityForConcern(em: EntityManager, activityId: number): Promise<ActivityConcernRow | undefined> {
  return kysely(em)
    .selectFrom('activities as a')
    .innerJoin('issues as i', 'i.id', 'a.issue_id')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .select(['a.action', 'a.field', 'a.old_value', 'a.new_value', 'a.actor_id', 'actor.name as actor_name', 'a.issue_id', 'i.project_id', 'i.assignee_id'])
    .where('a.id', '=', String(activityId))
    .$narrowType<{ issue_id: number }>()
    .executeTakeFirst();
}

/** Who a comment of the issue mentions (its `mentioned` activity rows). */
export async function mentionedByComment(em: EntityManager, issueId: number, commentId: number): Promise<{ user_id: number }[]> {
  return kysely(em)
    .selectFrom('activities')
    .select(sql<number>`(new_value ->> 'userId')::int`.as('user_id'))
    .where('issue_id', '=', issueId)
    .where('action', '=', 'mentioned')
    .where(sql<string>`new_value ->> 'commentId'`, '=', String(commentId))
    .execute();
}

/** The names of statuses by id. */
export async function statusNames(em: EntityManager, ids: number[]): Promise<{ id: number; name: string }[]> {
  return kysely(em)
    .selectFrom('statuses')
    .select(['id', 'name'])
    .where('id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(ids)}::int[]`))
    .execute();
}

export interface DueNoticeRow {
  issue_id: number;
  project_id: number;
  assignee_id: number;
  due_date: string;
  kind: 'tomorrow' | 'today';
}

/**
 * Writes the due notices owed at `now` (open issues due tomorrow or today in their assignee's zone,
 * today's once their digest time has passed), each once, and returns those it wrote.
 */
export async function claimDueNotices(em: EntityManager, at: Date): Promise<DueNoticeRow[]> {
  const local = localNow(userZone({ sql: 'u.id', params: [] }), at);
  return em.execute<DueNoticeRow[]>(
    `with open_due as (
       select i.id, i.due_date, ${local.sql} as local_now, coalesce(ns.digest_time, 540) as morning
         from issues i join statuses s on s.id = i.status_id join users u on u.id = i.assignee_id
         left join notification_settings ns on ns.user_id = u.id
        where u.blocked_at is null and s.category not in ('completed', 'canceled') and i.due_date is not null),
     due as (
       insert into telegram_due_notices (issue_id, due_date, kind)
       select id, due_date, case when due_date = local_now::date then 'today' else 'tomorrow' end from open_due
        where due_date = local_now::date + 1 or (due_date = local_now::date and local_now::time >= make_time(morning / 60, morning % 60, 0))
       on conflict do nothing
       returning issue_id, due_date, kind)
     select d.issue_id, i.project_id, i.assignee_id, to_char(d.due_date, 'YYYY-MM-DD') as due_date, d.kind
       from due d join issues i on i.id = d.issue_id order by d.kind desc, d.issue_id`,
    local.params,
  );
}

/** An open issue with a due date, and how many days it is due from today in the user's zone. */
export async function openDueIssue(
  em: EntityManager,
  userId: number,
  issueId: number,
  at: Date,
): Promise<{ issue_id: number; project_id: number; due_date: string; days: number } | undefined> {
  const today = localToday(userZone({ sql: '?', params: [userId] }), at);
  const [d] = await em.execute<{ issue_id: number; project_id: number; due_date: string; days: number }[]>(
    `select i.id as issue_id, i.project_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
            i.due_date - ${today.sql} as days
       from issues i join statuses s on s.id = i.status_id
      where i.id = ? and i.due_date is not null and s.category not in ('completed', 'canceled')`,
    [...today.params, issueId],
  );
  return d;
}

// ---- outbox.ts ----

export interface OutboxRow {
  id: string;
  chat_id: string;
  thread_id: number;
  reply_to: number | null;
  lines: string[];
  card: string;
  reply_markup: unknown;
  silent: boolean;
  due: boolean;
  send_after: string;
}

/** Adds a message to its chat's outbox, or its line to the issue's waiting message; when it goes out. */
export async function upsertOutboxMessage(
  em: EntityManager,
  m: { chatId: number; threadId: number; issueId: number | null; replyTo: number | null; line: string; card: string; replyMarkup: unknown; silent: boolean },
  burstSec: number,
): Promise<string> {
  const row = await kysely(em)
    .insertInto('telegram_outbox')
    .values({
      chat_id: m.chatId,
      thread_id: m.threadId,
      issue_id: m.issueId,
      reply_to: m.replyTo,
      lines: sql`jsonb_build_array(${m.line}::text)`,
      card: m.card,
      reply_markup: sql`${JSON.stringify(m.replyMarkup ?? null)}::jsonb`,
      silent: m.silent,
      send_after: sql<string>`now() + make_interval(secs => ${burstSec})`,
    })
    .onConflict((oc) =>
      oc.columns(['chat_id', 'thread_id', 'issue_id']).doUpdateSet((eb) => ({
        lines: sql`telegram_outbox.lines || excluded.lines`,
        card: eb.ref('excluded.card'),
        reply_markup: eb.ref('excluded.reply_markup'),
        silent: eb.ref('excluded.silent'),
        reply_to: sql<number | null>`coalesce(excluded.reply_to, telegram_outbox.reply_to)`,
      })),
    )
    .returning('send_after')
    .executeTakeFirstOrThrow();
  return row.send_after;
}

/** When the chat's own pause, or the whole bot's (chat 0), ends; null when neither is paused. */
export async function chatPausedUntil(em: EntityManager, chatId: number): Promise<string | null> {
  const row = await kysely(em)
    .selectFrom('telegram_chat_pauses')
    .select((eb) => eb.fn.max('until').as('until'))
    .where('chat_id', 'in', [String(chatId), '0'])
    .where('until', '>', now())
    .executeTakeFirst();
  return row?.until ?? null;
}

/** The chat's oldest outbox message, locked for the rest of the transaction, and whether it is due. */
export async function lockOldestOutboxMessage(em: EntityManager, chatId: number): Promise<OutboxRow | undefined> {
  return kysely(em)
    .selectFrom('telegram_outbox')
    .select(['id', 'chat_id', 'thread_id', 'reply_to', 'lines', 'card', 'reply_markup', 'silent', 'send_after', sql<boolean>`send_after <= now()`.as('due')])
    .where('chat_id', '=', String(chatId))
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .$narrowType<{ lines: string[] }>()
    .executeTakeFirst();
}

/** Removes one outbox message (sent, or refused by Telegram). */
export async function deleteOutboxMessage(em: EntityManager, id: string): Promise<void> {
  await kysely(em).deleteFrom('telegram_outbox').where('id', '=', id).execute();
}

/** Pauses a chat for `seconds` from now (Telegram's retry_after); when the pause ends. */
export async function pauseChat(em: EntityManager, chatId: number, seconds: number): Promise<string> {
  const row = await kysely(em)
    .insertInto('telegram_chat_pauses')
    .values({ chat_id: chatId, until: sql<string>`now() + make_interval(secs => ${seconds})` })
    .onConflict((oc) => oc.column('chat_id').doUpdateSet((eb) => ({ until: eb.ref('excluded.until'), paused_at: now() })))
    .returning('until')
    .executeTakeFirstOrThrow();
  return row.until;
}

/** Pauses the whole bot (chat 0) until the latest of the chat pauses made within 3 seconds, when there are several. */
export async function pauseBotOnBurst(em: EntityManager): Promise<void> {
  const db = kysely(em);
  await db
    .insertInto('telegram_chat_pauses')
    .columns(['chat_id', 'until'])
    .expression(
      db
        .selectFrom('telegram_chat_pauses')
        .select((eb) => [sql<string>`0`.as('chat_id'), eb.fn.max('until').as('until')])
        .where('chat_id', '<>', sql<string>`0`)
        .where('paused_at', '>', sql<string>`now() - interval '3 seconds'`)
        .having((eb) => eb.fn.countAll(), '>', sql<number>`1`),
    )
    .onConflict((oc) =>
      oc.column('chat_id').doUpdateSet({ until: sql<string>`greatest(telegram_chat_pauses.until, excluded.until)`, paused_at: now() }),
    )
    .execute();
}

/** Drops all of a chat's waiting messages. */
export async function deleteChatOutbox(em: EntityManager, chatId: number): Promise<void> {
  await kysely(em).deleteFrom('telegram_outbox').where('chat_id', '=', String(chatId)).execute();
}

/** Marks the person with this Telegram id unreachable (once). */
export async function markTelegramUnreachable(em: EntityManager, telegramId: number): Promise<void> {
  await kysely(em)
    .updateTable('users')
    .set({ telegram_unreachable_at: now() })
    .where('telegram_id', '=', String(telegramId))
    .where('telegram_unreachable_at', 'is', null)
    .execute();
}

// ---- digest.ts ----

export interface DigestDueRow {
  user_id: number;
  telegram_id: string;
  locale: string;
  roles: string[] | null;
  time_zone: string;
  today: string;
  quiet_from: number | null;
  quiet_to: number | null;
}

/** Inbox items of the person (without due notices) created after `since` (a day before `at` when null), up to `at`. */
export async function inboxChangesSince(
  em: EntityManager,
  userId: number,
  since: string | null,
  at: string,
): Promise<{ issue_id: number; key: string; kind: InboxKind; actor: string | null; data: InboxData }[]> {
  return kysely(em)
    .selectFrom('inbox_items as ii')
    .innerJoin('issues as i', 'i.id', 'ii.issue_id')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .leftJoin('users as actor', 'actor.id', 'ii.actor_id')
    .select(['ii.issue_id', sql<string>`p.key || '-' || i.number`.as('key'), sql<InboxKind>`ii.kind`.as('kind'), 'actor.name as actor', sql<InboxData>`ii.data`.as('data')])
    .where('ii.user_id', '=', userId)
    .where('ii.kind', '<>', 'dueTomorrow')
    .where('ii.created_at', '>', sql<string>`coalesce(${since}::timestamptz, ${at}::timestamptz - interval '1 day')`)
    .where('ii.created_at', '<=', sql<string>`${at}::timestamptz`)
    .orderBy('ii.id')
    .execute();
}

/** Locks the person's settings row while today's digest is not yet sent; its last digest's time. */
export async function lockDigestClaim(em: EntityManager, userId: number, today: string): Promise<{ digest_sent_at: string | null } | undefined> {
  return kysely(em)
    .selectFrom('notification_settings')
    .select('digest_sent_at')
    .where('user_id', '=', userId)
    .where('digest_sent_on', 'is distinct from', sql<string>`${today}::date`)
    .forUpdate()
    .executeTakeFirst();
}

/** Records today's digest as sent at `at`. */
export async function markDigestSent(em: EntityManager, userId: number, today: string, at: string): Promise<void> {
  await kysely(em)
    .updateTable('notification_settings')
    .set({ digest_sent_on: sql<string>`${today}::date`, digest_sent_at: sql<string>`${at}::timestamptz` })
    .where('user_id', '=', userId)
    .execute();
}

/** The linked, reachable people whose digest time has passed today in their zone and who have not had today's. */
export async function dueDigests(em: EntityManager, at: Date): Promise<DigestDueRow[]> {
  // The person's wall clock: their profile's zone (a digest needs settings, so they have one).
  const local = localNow({ sql: 'ns.time_zone', params: [] }, at);
  return em.execute<DigestDueRow[]>(
    `select ns.user_id, u.telegram_id, u.locale, u.roles, ns.time_zone, to_char(${local.sql}::date, 'YYYY-MM-DD') as today, ns.quiet_from, ns.quiet_to
       from notification_settings ns join users u on u.id = ns.user_id
      where ns.digest_enabled and u.telegram_id is not null and u.telegram_unreachable_at is null and u.blocked_at is null
        and ${local.sql}::time >= make_time(ns.digest_time / 60, ns.digest_time % 60, 0)
        and ns.digest_sent_on is distinct from ${local.sql}::date
      order by ns.user_id`,
    [...local.params, ...local.params, ...local.params],
  );
}

// ---- notify.ts ----

export type NotifySetting = 'assigned' | 'mentioned' | 'assigned_comments' | 'status_changed' | 'due_soon';

export interface Recipient {
  id: number;
  telegram_id: string;
  locale: string;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string | null;
}

/** Linked, reachable users among `userIds` (not empty) who want this setting (on unless turned off). */
export async function telegramRecipients(em: EntityManager, userIds: number[], setting: NotifySetting): Promise<Recipient[]> {
  return kysely(em)
    .selectFrom('users as u')
    .leftJoin('notification_settings as ns', 'ns.user_id', 'u.id')
    .select(['u.id', 'u.telegram_id', 'u.locale', 'ns.quiet_from', 'ns.quiet_to', 'ns.time_zone'])
    .where('u.id', '=', (eb) => eb.fn.any(sql<number[]>`${intArray(userIds)}::int[]`))
    .where('u.telegram_id', 'is not', null)
    .where('u.telegram_unreachable_at', 'is', null)
    .where(sql<boolean>`coalesce(${sql.ref(`ns.${setting}`)}, true)`)
    .$narrowType<{ telegram_id: string }>()
    .execute();
}

/** The issue's assignee; undefined when the issue is gone. */
export async function issueAssignee(em: EntityManager, issueId: number): Promise<{ assignee_id: number | null } | undefined> {
  return kysely(em).selectFrom('issues').select('assignee_id').where('id', '=', issueId).executeTakeFirst();
}

/**
 * The group chats (and forum topics) bound to the issue's project or streams that the project may be
 * shown in, each once; without the chat it was created from (`created`) or this activity came from,
 * and without a forum's general link where a topic is linked to the project.
 */
export async function groupChatsOf(
  em: EntityManager,
  c: { projectId: number; issueId: number; activityId: number | null; created: boolean },
): Promise<{ chat_id: string; thread_id: number; locale: string }[]> {
  const shown = groupVisibleCondition({ column: 'l.chat_id' }, 'p');
  return em.execute<{ chat_id: string; thread_id: number; locale: string }[]>(
    `select distinct on (l.chat_id, l.thread_id) l.chat_id, l.thread_id, l.locale from telegram_chat_links l
      where (l.project_id = ? or l.stream_id in (select stream_id from issue_streams where issue_id = ?))
        and exists (select 1 from projects p where p.id = ? and ${shown.sql})
        and (not ?::boolean or l.chat_id not in (select chat_id from telegram_issue_origins where issue_id = ?))
        and l.chat_id not in (select chat_id from telegram_activity_origins where activity_id = ?)
        and not (l.thread_id = 0 and exists (select 1 from telegram_chat_links tl where tl.chat_id = l.chat_id and tl.thread_id <> 0 and tl.project_id = ?))
      order by l.chat_id, l.thread_id, l.id`,
    [c.projectId, c.issueId, c.projectId, ...shown.params, c.created, c.issueId, c.activityId ?? 0, c.projectId],
  );
}
