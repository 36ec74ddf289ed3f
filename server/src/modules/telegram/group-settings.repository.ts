// A team group's settings (capture by reaction, the standup's time) and the recent messages kept
// while capture by reaction is on (a reaction's update names a message, not its content).
import type { EntityManager } from '@mikro-orm/postgresql';

export interface GroupSettingsRow {
  capture_reactions: boolean;
  /** `HH:MM:SS`, or null while the standup is off. */
  standup_time: string | null;
  standup_time_zone: string;
}

const DEFAULTS: GroupSettingsRow = { capture_reactions: false, standup_time: null, standup_time_zone: 'Europe/Moscow' };

export async function selectGroupSettings(em: EntityManager, chatId: number): Promise<GroupSettingsRow> {
  const [row] = await em.execute<GroupSettingsRow[]>('select capture_reactions, standup_time::text as standup_time, standup_time_zone from telegram_chat_settings where chat_id = ?', [chatId]);
  return row ?? DEFAULTS;
}

export async function upsertGroupSettings(em: EntityManager, chatId: number, s: GroupSettingsRow): Promise<void> {
  await em.execute(
    `insert into telegram_chat_settings (chat_id, capture_reactions, standup_time, standup_time_zone) values (?, ?, ?::time, ?)
     on conflict (chat_id) do update set capture_reactions = excluded.capture_reactions, standup_time = excluded.standup_time,
       standup_time_zone = excluded.standup_time_zone, updated_at = now()`,
    [chatId, s.capture_reactions, s.standup_time, s.standup_time_zone],
  );
}

/** Keeps the message when the chat captures by reaction (one statement: nothing is kept otherwise). */
export async function insertRecentMessage(em: EntityManager, chatId: number, messageId: number, message: unknown): Promise<void> {
  await em.execute(
    `insert into telegram_recent_messages (chat_id, message_id, message)
     select ?, ?, ?::jsonb where exists (select 1 from telegram_chat_settings where chat_id = ? and capture_reactions)
     on conflict (chat_id, message_id) do update set message = excluded.message`,
    [chatId, messageId, JSON.stringify(message), chatId],
  );
}

export async function deleteOldMessages(em: EntityManager): Promise<void> {
  await em.execute(`delete from telegram_recent_messages where received_at < now() - interval '2 days'`);
}

export async function deleteChatMessages(em: EntityManager, chatId: number): Promise<void> {
  await em.execute('delete from telegram_recent_messages where chat_id = ?', [chatId]);
}

export async function selectRecentMessage(em: EntityManager, chatId: number, messageId: number): Promise<unknown | null> {
  const [row] = await em.execute<{ message: unknown }[]>(`select message from telegram_recent_messages where chat_id = ? and message_id = ? and received_at > now() - interval '2 days'`, [chatId, messageId]);
  return row?.message ?? null;
}
